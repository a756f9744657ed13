/**
 * The anti-money-laundering area's public file: what the other areas may use (which customers
 * have an AML file, to keep them). Everything else in this folder is the area's own
 * (tests/unit/importGraph.test.ts).
 */
export { customersWithAmlFile } from './amlQueries.js';
