/**
 * The actions of an electronic invoice (seed B §7): the check against the FatturaPA rules and
 * schema (C55: 200 valid, 400 with message and details), its XML (C56) and its readable PDF copy.
 */
import { z } from 'zod';
import { EDocumentCheck } from '../../model/api/eDocuments.js';
import {
  downloadables,
  sourcesOf,
  validateEDocument,
  xmlName,
  type Downloadable,
} from '../areas/eDocuments/service.js';
import { eDocumentPdfDoc } from '../areas/eDocuments/document.js';
import { studioData } from '../areas/documents/queries.js';
import { renderPdf } from '../render/pdf.js';
import type { Download } from '../routes/download.js';
import { defineAction, fileAction, type ActionArgs } from './action.js';

const base = 'edocuments';
const tags = ['Fatture elettroniche'];

/** A download of an invoice's file, made by `make` from what the invoice downloads (a sent one: the file sent). */
const invoiceFile = (
  summary: string,
  make: (d: Downloadable, args: ActionArgs<undefined, undefined>) => Promise<Download>,
) =>
  fileAction({
    base,
    tags,
    summary,
    content: z.any().describe('il file (XML, PDF o zip)'),
    async file(args) {
      const [d] = await downloadables(args.deps.exec, args.ctx, args.id);
      return make(d!, args);
    },
  });

export const EDocumentActions = {
  validate_xml: defineAction({
    method: 'GET',
    base,
    tags,
    summary:
      'C55 Controllo della fattura (dati e regole dello schema FatturaPA): 200 valida, 400 con message e details',
    response: { 200: EDocumentCheck, 400: EDocumentCheck },
    async handler({ deps, ctx, id, reply }) {
      const [d] = await sourcesOf(deps.exec, ctx, id);
      const r = await validateEDocument(d!, deps.settings.fatturapaXsd);
      return reply
        .code(r.valid ? 200 : 400)
        .send({ message: r.message, details: r.details, ...(r.warnings.length ? { warnings: r.warnings } : {}) });
    },
  }),

  // a sent invoice: the file as it was sent (issue 45 item 6)
  download_xml: invoiceFile('C56 XML FatturaPA della fattura (type_businessname_id.xml)', async (d) => ({
    name: xmlName(d.source),
    type: 'application/xml; charset=utf-8',
    body: d.xml,
  })),

  // a sent invoice: its copy is made from the file sent
  download_pdf: invoiceFile(
    'Copia di cortesia in PDF della fattura (type_businessname_id.pdf)',
    async (d, { deps, ctx }) => ({
      name: xmlName(d.source, 'pdf'),
      type: 'application/pdf',
      body: await renderPdf(eDocumentPdfDoc(await studioData(deps.exec, ctx.studioId), d.source)),
    }),
  ),
};
