/**
 * The mail area's public file: what the other areas may use (putting messages in the outbox, the
 * letter every e-mail is written in, the studio's sender data, the hand-off to the mail worker).
 * Everything else in this folder is the area's own (tests/unit/importGraph.test.ts).
 */
export { enqueueMails, type OutgoingMail } from './outbox.js';
export { letter, type MailText } from './messages.js';
export { mailLocks, studioMailData, type StudioMailData } from './queries.js';
export type { MailHandOff } from './worker.js';
