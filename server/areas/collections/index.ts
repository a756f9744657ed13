/**
 * The collections area's public file: what the other areas may use (the SEPA Direct Debit
 * mandate's form — its document, title, authorisation and note in the scheme's wording —, which the
 * customers' area fills with a mandate signed online). Everything else in this folder is the area's
 * own (tests/unit/importGraph.test.ts).
 */
export {
  mandateAuthorisation,
  mandateNote,
  mandatePdfDoc,
  mandateTitle,
  type MandateCustomer,
  type MandateData,
  type MandateStudio,
} from './mandatePdf.js';
