/**
 * The customer's anti-money-laundering file (issue 48): its identification, files, risk assessments
 * and the Admin's notes, read and added (never changed). Admin and Collaboratore; the Utente is
 * refused; the notes are the Admin's only.
 */
import { z } from 'zod';
import type { Api, AppDeps } from '../../deps.js';
import { ERRORS, IdParams } from '../../routes/schemas.js';
import {
  AmlAssessment,
  AmlAssessmentInput,
  AmlFile,
  AmlIdentification,
  AmlIdentificationInput,
  AmlNote,
  AmlNoteInput,
  CustomerAml,
} from '../../../model/api/aml.js';
import { megabytes } from '../../../model/fileKinds.js';
import { oneUpload } from '../../routes/upload.js';
import { sendDownload } from '../../routes/download.js';
import {
  AML_FILE_LIMITS,
  addAmlNote,
  amlFileDownload,
  assessCustomer,
  customerAml,
  identifyCustomer,
  uploadAmlFile,
} from './service.js';

export async function amlRoutes(api: Api, deps: AppDeps) {
  const tags = ['Antiriciclaggio'];

  api.get(
    '/customer/:id/aml',
    {
      schema: {
        tags,
        summary:
          'Il fascicolo antiriciclaggio del cliente: la valutazione del rischio in vigore, lo storico (dalla più recente) e se il controllo costante è scaduto',
        params: IdParams,
        response: { 200: z.object({ data: CustomerAml }), ...ERRORS },
      },
    },
    async (req) => ({ data: await customerAml(deps.exec, req.ctx, req.params.id) }),
  );

  api.post(
    '/customer/:id/aml/assessments',
    {
      schema: {
        tags,
        summary:
          'Registra una valutazione del rischio (Regola Tecnica 2): rischio inerente, specifico ed effettivo, il livello di adeguata verifica con i motivi e la data del prossimo controllo; non sostituisce le precedenti',
        params: IdParams,
        body: AmlAssessmentInput,
        response: { 201: z.object({ data: AmlAssessment }), ...ERRORS },
      },
    },
    async (req, reply) =>
      reply.code(201).send({ data: await assessCustomer(deps.exec, req.ctx, req.params.id, req.body) }),
  );

  api.post(
    '/customer/:id/aml/identifications',
    {
      schema: {
        tags,
        summary:
          "Registra l'identificazione del cliente com'è ora (dati, esecutore, documenti, titolari effettivi, PEP, liste, scopo e natura, prestazioni): una nuova versione, le precedenti restano",
        params: IdParams,
        body: AmlIdentificationInput,
        response: { 201: z.object({ data: AmlIdentification }), ...ERRORS },
      },
    },
    async (req, reply) =>
      reply.code(201).send({ data: await identifyCustomer(deps.exec, req.ctx, req.params.id, req.body) }),
  );

  api.post(
    '/customer/:id/aml/files',
    {
      schema: {
        tags,
        summary: `Aggiunge un file al fascicolo (multipart: file, kind = documento | dichiarazione | visura | altro, description): PDF, JPEG o PNG fino a ${megabytes(AML_FILE_LIMITS.maxBytes)}, al più ${AML_FILE_LIMITS.maxFiles} file per cliente; conservato com'è, con l'impronta SHA-256`,
        params: IdParams,
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ data: AmlFile }), ...ERRORS },
      },
    },
    async (req, reply) => {
      const { file, fields } = await oneUpload(req, {
        maxBytes: AML_FILE_LIMITS.maxBytes,
        tooLarge: `Il file supera la dimensione massima di ${megabytes(AML_FILE_LIMITS.maxBytes)}`,
        noFile: 'Scegli il file da aggiungere al fascicolo',
        defaultName: 'documento',
        fields: 2,
        fieldSize: 1024,
      });
      return reply.code(201).send({ data: await uploadAmlFile(deps, req.ctx, req.params.id, file, fields) });
    },
  );

  api.get(
    '/customer/:id/aml/files/:fileId',
    {
      schema: {
        tags,
        summary: 'Scarica un file del fascicolo antiriciclaggio, com’è stato caricato',
        params: IdParams.extend({ fileId: z.string().max(12) }),
        response: { 200: z.any().describe('il file (PDF, JPEG o PNG)'), ...ERRORS },
      },
    },
    async (req, reply) => sendDownload(reply, await amlFileDownload(deps, req.ctx, req.params.id, req.params.fileId)),
  );

  api.post(
    '/customer/:id/aml/notes',
    {
      schema: {
        tags,
        summary:
          "Registra una valutazione di astensione o di segnalazione di operazione sospetta, o una nota (solo l'Admin; visibile solo all'Admin)",
        params: IdParams,
        body: AmlNoteInput,
        response: { 201: z.object({ data: AmlNote }), ...ERRORS },
      },
    },
    async (req, reply) => reply.code(201).send({ data: await addAmlNote(deps.exec, req.ctx, req.params.id, req.body) }),
  );
}
