/**
 * The actions of an electronic invoice (seed B §7): the check against the FatturaPA rules and
 * schema (C55: 200 valid, 400 with message and details), its XML (C56) and its readable PDF copy.
 */
import { z } from 'zod';
import { EDocumentCheck } from '../../model/api/eDocuments.js';
import { downloadables, sourcesOf, validateEDocument, xmlName } from '../areas/eDocuments/service.js';
import { eDocumentPdfDoc } from '../areas/eDocuments/document.js';
import { studioData } from '../areas/documents/queries.js';
import { renderPdf } from '../render/pdf.js';
import { attachment } from '../routes/download.js';
import { defineAction } from './action.js';

const base = 'edocuments';
const tags = ['Fatture elettroniche'];
const file = { 200: z.any().describe('il file (XML, PDF o zip)') };
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

  download_xml: defineAction({
    method: 'GET',
    base,
    tags,
    summary: 'C56 XML FatturaPA della fattura (type_businessname_id.xml)',
    response: file,
    async handler({ deps, ctx, id, reply }) {
      // a sent invoice: the file as it was sent (issue 45 item 6)
      const [d] = await downloadables(deps.exec, ctx, id);
      return reply
        .header('Content-Disposition', attachment(xmlName(d!.source)))
        .type('application/xml; charset=utf-8')
        .send(d!.xml);
    },
  }),

  download_pdf: defineAction({
    method: 'GET',
    base,
    tags,
    summary: 'Copia di cortesia in PDF della fattura (type_businessname_id.pdf)',
    response: file,
    async handler({ deps, ctx, id, reply }) {
      // a sent invoice: its copy is made from the file sent
      const [d] = await downloadables(deps.exec, ctx, id);
      const pdf = await renderPdf(eDocumentPdfDoc(await studioData(deps.exec, ctx.studioId), d!.source));
      return reply
        .header('Content-Disposition', attachment(xmlName(d!.source, 'pdf')))
        .type('application/pdf')
        .send(pdf);
    },
  }),
};
