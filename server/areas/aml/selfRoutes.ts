/**
 * The studio's self-assessment (Regola Tecnica 1) and the staff's training log (issue 48 item 5):
 * read and added (never changed), by the studio's Admin only.
 */
import { z } from 'zod';
import type { Api, AppDeps } from '../../deps.js';
import { ERRORS } from '../../routes/schemas.js';
import {
  AmlSelfAssessment,
  AmlSelfAssessmentInput,
  AmlStudioFile,
  AmlTraining,
  AmlTrainingInput,
} from '../../../model/api/aml.js';
import { addSelfAssessment, addTraining, studioAmlFile } from './selfService.js';

export async function amlSelfRoutes(api: Api, deps: AppDeps) {
  const tags = ['Antiriciclaggio'];

  api.get(
    '/aml/self_assessments',
    {
      schema: {
        tags,
        summary:
          "L'autovalutazione del rischio dello studio (Regola Tecnica 1): quella in vigore, lo storico (dalla più recente), la scadenza della prossima e il registro della formazione del personale (solo Admin)",
        response: { 200: z.object({ data: AmlStudioFile }), ...ERRORS },
      },
    },
    async (req) => ({ data: await studioAmlFile(deps.exec, req.ctx) }),
  );

  api.post(
    '/aml/self_assessments',
    {
      schema: {
        tags,
        summary:
          "Registra un'autovalutazione del rischio dello studio: rischio inerente, vulnerabilità, rischio residuo (40 % + 60 %) e fascia, da ripetere entro tre anni; non sostituisce le precedenti (solo Admin)",
        body: AmlSelfAssessmentInput,
        response: { 201: z.object({ data: AmlSelfAssessment }), ...ERRORS },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await addSelfAssessment(deps.exec, req.ctx, req.body) }),
  );

  api.post(
    '/aml/trainings',
    {
      schema: {
        tags,
        summary:
          'Registra una formazione antiriciclaggio del personale: chi (un utente dello studio o un nome), quando, argomento, ente e ore (solo Admin)',
        body: AmlTrainingInput,
        response: { 201: z.object({ data: AmlTraining }), ...ERRORS },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await addTraining(deps.exec, req.ctx, req.body) }),
  );
}
