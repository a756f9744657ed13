/** What the routes are given by the application (no import of app.ts from the routes). */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Settings } from './settings.js';
import type { Database } from './db/connection.js';
import type { Exec } from './records/exec.js';
import type { Tx } from './records/crud.js';
import type { Tokens } from './auth/tokens.js';
import type { Sessions } from './auth/session.js';
import type { Storage } from './storage/index.js';
import type { MailHandOff } from './areas/mail/worker.js';
import type { SdiHandOff } from './areas/sdi/worker.js';
import type { ReminderHandOff } from './areas/reminders/worker.js';

export interface AppDeps {
  settings: Settings;
  database: Database;
  exec: Exec;
  tx: Tx;
  tokens: Tokens;
  sessions: Sessions;
  /** uploaded files (server/storage) */
  storage: Storage;
  /** after committing outbox rows (server/areas/mail/outbox.ts `enqueueMails`): `await deps.mail.handOff(ids)` */
  mail: MailHandOff;
  /** after committing SdI files (server/areas/sdi/service.ts `sendToSdi`): `await deps.sdi.handOff(ids)` */
  sdi: SdiHandOff;
  /** after committing queued reminders: `await deps.reminders.sendQueued(studioId)` (server/areas/reminders/worker.ts) */
  reminders: ReminderHandOff;
}

/**
 * The instance the routes are declared on: request bodies, queries and parameters are typed by
 * the route's zod schemas (fastify-type-provider-zod): a handler reads `req.body` typed by its
 * schema, with no cast.
 */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
