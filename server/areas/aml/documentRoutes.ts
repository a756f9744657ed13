/**
 * The AML file's documents (issue 48 item 4): the customer's declaration, the file as one PDF, the
 * export for an inspection. Admin and Collaboratore (the Utente is refused); another studio's
 * customer is not found. The work is in documentService.ts.
 */
import { z } from 'zod';
import type { Api, AppDeps } from '../../deps.js';
import { ERRORS, ErrorAnswer, IdParams } from '../../routes/schemas.js';
import { sendDownload } from '../../routes/download.js';
import { amlDeclarationDocx, amlDeclarationPdf, amlExportZip, amlFilePdf } from './documentService.js';

export async function amlDocumentRoutes(api: Api, deps: AppDeps) {
  const tags = ['Antiriciclaggio'];
  const file = (summary: string, what: string, extra: Record<number, typeof ErrorAnswer> = {}) => ({
    schema: { tags, summary, params: IdParams, response: { 200: z.any().describe(what), ...ERRORS, ...extra } },
  });

  api.get(
    '/customer/:id/aml/declaration.pdf',
    file(
      'La dichiarazione del cliente ai fini dell’adeguata verifica (art. 22 D.Lgs. 231/2007, modello AV.4) in PDF, compilata con l’identificazione in vigore; senza identificazione, il modulo da compilare a mano',
      'il PDF (Dichiarazione_antiriciclaggio_{cliente}.pdf)',
    ),
    async (req, reply) => sendDownload(reply, await amlDeclarationPdf(deps, req.ctx, req.params.id)),
  );

  api.get(
    '/customer/:id/aml/declaration.docx',
    file(
      'La dichiarazione del cliente ai fini dell’adeguata verifica come documento Word (.docx), dal modello predefinito',
      'il documento Word (Dichiarazione_antiriciclaggio_{cliente}.docx)',
    ),
    async (req, reply) => sendDownload(reply, await amlDeclarationDocx(deps, req.ctx, req.params.id)),
  );

  api.get(
    '/customer/:id/aml/file.pdf',
    file(
      'Il fascicolo antiriciclaggio del cliente in un PDF: identificazione con le sue versioni, documenti, titolari effettivi, valutazioni del rischio, file con SHA-256; le note solo per l’Admin',
      'il PDF (Fascicolo_antiriciclaggio_{cliente}.pdf)',
    ),
    async (req, reply) => sendDownload(reply, await amlFilePdf(deps, req.ctx, req.params.id)),
  );

  api.get(
    '/customer/:id/aml/export.zip',
    file(
      'Il fascicolo antiriciclaggio per un’ispezione: zip con fascicolo.pdf, dichiarazione.pdf, gli allegati (allegati/{id}_{nome}) e indice.csv; oltre 200 MB: 413',
      'lo zip (Fascicolo_antiriciclaggio_{cliente}.zip)',
      { 413: ErrorAnswer },
    ),
    async (req, reply) => sendDownload(reply, await amlExportZip(deps, req.ctx, req.params.id)),
  );
}
