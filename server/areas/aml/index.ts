/**
 * The anti-money-laundering area's public file: what the other areas may use (which customers'
 * files must still be kept, to refuse their removal). Everything else in this folder is the area's
 * own (tests/unit/importGraph.test.ts).
 */
export { customersKeptByAml } from './amlQueries.js';
export { sendAmlRenewals } from './renewals.js';
