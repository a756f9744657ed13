/**
 * Time tracking (issue 49 item 4): the app bar's timer and the weekly sheet ('Foglio ore'). A
 * Collaboratore and above; the caller's own time, the Admin's also any user's sheet of his studio.
 */
import { z } from 'zod';
import type { Api, AppDeps } from '../../deps.js';
import { ERRORS } from '../../routes/schemas.js';
import {
  Timer,
  TimerStartInput,
  TimerStopInput,
  TimerStopped,
  Week,
  WeekInput,
  WeekQuery,
} from '../../../model/api/time.js';
import { currentTimer, discardTimer, getWeek, saveWeek, startTimer, stopTimer } from './service.js';

export async function timeRoutes(api: Api, deps: AppDeps): Promise<void> {
  const tags = ['Tempi'];

  api.get(
    '/time/timer',
    {
      schema: {
        tags,
        summary: 'Il timer in corso di chi chiama (cliente, servizio, nota, inizio, secondi trascorsi), o null',
        response: { 200: z.object({ data: Timer.nullable() }), ...ERRORS },
      },
    },
    async (req) => ({ data: await currentTimer(deps.exec, req.ctx) }),
  );

  api.post(
    '/time/timer/start',
    {
      schema: {
        tags,
        summary:
          'Avvia il timer su un cliente e un servizio dello studio, con una nota; rifiutato (409) se un timer è già in corso',
        body: TimerStartInput,
        response: { 201: z.object({ data: Timer }), ...ERRORS },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await startTimer(deps.tx, req.ctx, req.body) }),
  );

  api.post(
    '/time/timer/stop',
    {
      schema: {
        tags,
        summary:
          'Ferma il timer e registra il tempo trascorso (arrotondato al minuto, almeno 1) alla data di inizio: oltre la mezzanotte si conta fino alle 24:00, e al massimo quanto resta delle 24 ore del giorno',
        body: TimerStopInput,
        response: { 201: z.object({ data: TimerStopped }), ...ERRORS },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await stopTimer(deps.tx, req.ctx, req.body) }),
  );

  api.post(
    '/time/timer/discard',
    {
      schema: {
        tags,
        summary: 'Annulla il timer in corso senza registrare nulla',
        response: { 200: z.object({ data: z.null() }), ...ERRORS },
      },
    },
    async (req) => {
      await discardTimer(deps.exec, req.ctx);
      return { data: null };
    },
  );

  api.get(
    '/time/week',
    {
      schema: {
        tags,
        summary:
          'Il foglio ore di una settimana (dal lunedì): una riga per cliente e servizio con i minuti e le note dei 7 giorni, i totali del giorno e della settimana (user_id: solo Admin)',
        querystring: WeekQuery,
        response: { 200: z.object({ data: Week }), ...ERRORS },
      },
    },
    async (req) => ({ data: await getWeek(deps.exec, req.ctx, req.query) }),
  );

  api.put(
    '/time/week',
    {
      schema: {
        tags,
        summary:
          'Salva le celle delle righe inviate: ogni cella cambiata sostituisce le voci di quel giorno per quel cliente e servizio (vuota o 0: nessuna); tutto o niente, errori per cella (rows.2.days.4)',
        body: WeekInput,
        response: { 200: z.object({ data: Week }), ...ERRORS },
      },
    },
    async (req) => ({ data: await saveWeek(deps.tx, req.ctx, req.body) }),
  );
}
