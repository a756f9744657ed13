/**
 * The documents sent by e-mail (seed A §7): payment notices C20, account statements C31,
 * contracts C32. Each message goes to the mail outbox (server/areas/mail); the answer says how many
 * were queued. The work is in server/areas/documents/mailService.ts.
 */
import { z } from 'zod';
import { MailQueued } from '../../../model/api/mail.js';
import type { Api, AppDeps } from '../../deps.js';
import { ERRORS } from '../../routes/schemas.js';
import { BOLLETTINO_QUEUED } from '../../../model/mail.js';
import { emailAccountStatements, emailBollettini, emailContracts } from './mailService.js';

/** seed A §8: the note of a queued payment-notice e-mail */

const ids = z.union([z.string(), z.array(z.union([z.number(), z.string()])), z.number()]).optional();
export async function documentMailRoutes(api: Api, deps: AppDeps) {
  const tags = ['Documenti via email'];

  api.post(
    '/bollettino/actions/email_pdf',
    {
      schema: {
        tags,
        summary:
          "C20 Invia per email il bollettino di ciascun cliente (Bollettino.pdf), in copia all'indirizzo bollettini dello studio",
        body: z.looseObject({
          customers_ids: ids.describe('id dei clienti, testo JSON (es. [1,2])'),
          amount: z.union([z.string(), z.number()]).optional().describe('importo (> 0, 2 decimali)'),
          studio_service_id: z.union([z.string(), z.number()]).optional().describe('id del servizio dello studio'),
        }),
        response: { 201: MailQueued, ...ERRORS },
      },
    },
    async (req, reply) => {
      const data = await emailBollettini(deps, req.ctx, req.body);
      return reply.status(201).send({ message: BOLLETTINO_QUEUED, data });
    },
  );

  api.get(
    '/send_account_balance_mail',
    {
      schema: {
        tags,
        summary:
          "C31 Invia per email l'estratto conto di ciascun cliente per il periodo (EstrattoConto.pdf), in copia all'indirizzo estratti conto dello studio",
        querystring: z.looseObject({
          customer_ids: z.string().optional().describe('id dei clienti, testo JSON (es. [1,2])'),
          from: z.string().optional().describe('dal giorno (YYYY-MM-DD o DD-MM-YYYY; vuoto: dal primo movimento)'),
          to: z.string().optional().describe("al giorno (vuoto: fino all'ultimo movimento)"),
        }),
        response: { 200: MailQueued, ...ERRORS },
      },
    },
    async (req) => {
      const data = await emailAccountStatements(deps, req.ctx, req.query);
      return { message: `Invio degli estratti conto inserito nella coda (${data.queued} email)`, data };
    },
  );

  api.get(
    '/send_contract_pdf',
    {
      schema: {
        tags,
        summary:
          "C32 Invia per email la lettera di incarico di ciascun cliente (Contratto.pdf), in copia all'indirizzo contratti dello studio",
        querystring: z.looseObject({
          customer_ids: z.string().optional().describe('id dei clienti, testo JSON (es. [1,2])'),
        }),
        response: { 200: MailQueued, ...ERRORS },
      },
    },
    async (req) => {
      const data = await emailContracts(deps, req.ctx, req.query);
      return { message: `Invio dei contratti inserito nella coda (${data.queued} email)`, data };
    },
  );
}
