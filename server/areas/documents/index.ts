/**
 * The documents area's public file: what the other areas may use (the studio's and the customers'
 * data of a document, the statement's PDF, the payment notice's PDF, the EPC QR code, sending
 * documents by e-mail).
 * Everything else in this folder is the area's own (tests/unit/importGraph.test.ts).
 */
export { customersOf, studioData, type CustomerAddress, type DocCustomer } from './queries.js';
export { accountBalancePdfDoc, movementText } from './statement.js';
export { epcQrDataUrl, epcQrPng } from './epcQr.js';
export { bollettinoPdfDoc, type BollettinoData } from './bollettino.js';
export {
  emailMessage,
  emailProblems,
  limitCount,
  queue,
  validEmail,
  type MailDeps,
  type QueuedAnswer,
} from './mailService.js';
