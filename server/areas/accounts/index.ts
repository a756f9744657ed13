/**
 * The accounts area's public file: what the other areas may use (the ledger's rules on the
 * customers' movements — open items, aging buckets, balances, the customers a user may see).
 * Everything else in this folder is the area's own (tests/unit/importGraph.test.ts).
 */
export { bucketSums, customerOpenItems, customerOpenSummary, openItems } from './openItemsQueries.js';
export { accountBalances, type AccountBalance } from './statementQueries.js';
export { customerIds, statementPeriod } from './service.js';
