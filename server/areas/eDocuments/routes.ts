/**
 * Electronic invoices (seed B §7, C51–C58; issue 13): the editor's read and save, the suggested
 * number, the document types, the XMLs of a selection (archivio_edoc.zip). The check
 * (validate_xml), the XML of one document and its readable PDF copy are the model's actions
 * (server/models/EDocumentActions.ts). The list, trash and delete are the model's generic calls;
 * the studio services (C50) too.
 */
import { z } from 'zod';
import {
  EDocumentData,
  EDocumentSaved,
  EDocumentSaveInput,
  EDocumentStudio,
  SuggestedNumberQuery,
} from '../../../model/api/eDocuments.js';
import { Choice } from '../../../model/api/records.js';
import type { Api, AppDeps } from '../../deps.js';
import { getModel } from '../../../model/registry.js';
import { EDOCUMENT_TYPES } from '../../../model/models/EDocument.js';
import { can } from '../../auth/context.js';
import { forbidden, notFound } from '../../errors.js';
import { oneId } from '../../records/ids.js';
import { ERRORS, IdParams, IdsParams } from '../../routes/schemas.js';
import { sendDownload } from '../../routes/download.js';
import { downloadables, editorStudio, readEDocument, saveEDocument, suggestedNumber, xmlName } from './service.js';
import { streamZip, uniqueNames } from '../../render/zip.js';

export async function eDocumentRoutes(api: Api, deps: AppDeps) {
  const { exec } = deps;
  const tags = ['Fatture elettroniche'];
  const file = { 200: z.any().describe('il file (XML, PDF o zip)'), ...ERRORS };

  api.get(
    '/edocument/:id',
    {
      schema: {
        tags,
        summary: 'C51 Una fattura elettronica con le sue righe e i totali',
        params: IdParams,
        response: { 200: z.object({ data: EDocumentData }), ...ERRORS },
      },
    },
    async (req) => ({ data: await readEDocument(exec, req.ctx, req.params.id) }),
  );

  api.post(
    '/edocument',
    {
      schema: {
        tags,
        summary: 'C52 Nuova fattura elettronica (righe e totali nella stessa transazione) → data.eDocumentId',
        body: EDocumentSaveInput,
        response: { 201: EDocumentSaved, ...ERRORS },
      },
    },
    async (req, reply) => {
      const { warnings, ...data } = await saveEDocument(deps.tx, req.ctx, req.body, null);
      return reply.code(201).send({ data, warnings });
    },
  );

  api.put(
    '/edocument/:id',
    {
      schema: {
        tags,
        summary: 'C53 Modifica di una fattura elettronica (con la versione letta: updated_at)',
        params: IdParams,
        body: EDocumentSaveInput,
        response: { 200: EDocumentSaved, ...ERRORS },
      },
    },
    async (req) => {
      const id = oneId(req.params.id);
      if (id === null) throw notFound();
      const { warnings, ...data } = await saveEDocument(deps.tx, req.ctx, req.body, id);
      return { data, warnings };
    },
  );

  api.get(
    '/edocuments_suggested_number',
    {
      schema: {
        tags,
        summary: "C54 Numero suggerito: l'ultimo dell'anno dello studio + 1",
        querystring: SuggestedNumberQuery,
        response: { 200: z.object({ data: z.string() }), ...ERRORS },
      },
    },
    async (req) => ({ data: await suggestedNumber(exec, req.ctx, req.query) }),
  );

  api.get(
    '/edocuments_studio',
    {
      schema: {
        tags,
        summary: "Lo studio per l'editor delle fatture: regime fiscale, ritenuta e cassa (i totali dal vivo)",
        response: {
          200: z.object({ data: EDocumentStudio }),
          ...ERRORS,
        },
      },
    },
    async (req) => ({ data: await editorStudio(exec, req.ctx) }),
  );

  api.get(
    '/edocument_types',
    {
      schema: {
        tags,
        summary: 'C58 Tipi di documento',
        response: { 200: z.object({ data: z.array(Choice) }), ...ERRORS },
      },
    },
    async (req) => {
      if (!can(req.ctx, getModel('EDocument'), 'view')) throw forbidden();
      return { data: EDOCUMENT_TYPES.map((t) => ({ ...t })) };
    },
  );

  api.get(
    '/edocuments/:ids/actions/download_xmls_zip',
    {
      schema: { tags, summary: 'C57 XML delle fatture scelte (archivio_edoc.zip)', params: IdsParams, response: file },
    },
    async (req, reply) => {
      // every document is checked before the first byte: a zip never stops half-way; a sent
      // invoice is the file as it was sent (issue 45 item 6)
      const docs = await downloadables(exec, req.ctx, req.params.ids);
      const names = uniqueNames(docs.map((d) => xmlName(d.source)));
      const archive = await streamZip(docs.length, async (i) => ({ name: names[i]!, content: docs[i]!.xml }));
      return sendDownload(reply, { name: 'archivio_edoc.zip', type: 'application/zip', body: archive });
    },
  );
}
