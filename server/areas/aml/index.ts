/**
 * The anti-money-laundering area's public file: what the other areas may use (which customers'
 * files must still be kept, to refuse their removal; the customer's declaration as the studio
 * downloads it, for the customers' area to send it to be accepted, and the accepted one kept in the
 * customer's file). Everything else in this folder is the area's own (tests/unit/importGraph.test.ts).
 */
export { customersKeptByAml } from './amlQueries.js';
export { sendAmlRenewals } from './renewals.js';
export { DECLARATION_TITLE, declarationPdf } from './declaration.js';
export { declarationToSend, keepAcceptedDeclaration } from './portalDeclarationQueries.js';
