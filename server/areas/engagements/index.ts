/**
 * The engagements area's public file: a customer's engagement letters to read and accept, and the
 * address of a letter's own page (the customers' area lists them, server/areas/portal). Everything
 * else is the area's own.
 */
export { customerLetters } from './letterQueries.js';
export { letterToken, LETTER_LINK_PATH } from './letterLink.js';
