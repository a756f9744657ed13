/**
 * The e-invoices area's public file: what the other areas may use (the invoice's sources and
 * parties, its numbering, its checks, its FatturaPA XML and PDF, the sent-invoice lock, the files
 * sent to SdI).
 * Everything else in this folder is the area's own (tests/unit/importGraph.test.ts).
 */
export {
  customerParty,
  customerPaymentColumns,
  eDocumentSources,
  lastNumber,
  lockNumbering,
  READ_ONLY_MESSAGE,
  sentFiles,
  studioParty,
} from './queries.js';
export { eDocumentProblems, unreachableBuyer } from './validate.js';
export { fatturaPaXml, fromFatturaPaXml, type FatturaPaData } from './fatturapa.js';
export { eDocumentPdfDoc } from './document.js';
export { xsdErrors } from './xsd.js';
