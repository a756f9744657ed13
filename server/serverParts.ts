/**
 * What the server needs once its database is open — the HTTP app, the mail worker, the storage, the
 * demo data — loaded by server/main.ts with a dynamic import started at once, so that the packages
 * they import (Fastify and its plugins, the documents, the mail, the storage clients) load while the
 * database opens or a new folder's demo data is loaded by the child (a chunk of its own in
 * dist-server/).
 */
export { buildApp } from './app.js';
export { startMailWorker } from './areas/mail/worker.js';
export { startSdiWorker } from './areas/sdi/worker.js';
export { startReminderWorker } from './areas/reminders/worker.js';
export { channelFor } from './areas/sdi/service.js';
export { anyPending as sdiPending } from './areas/sdi/queries.js';
export { storageOf } from './storage/select.js';
export { execOn } from './records/exec.js';
export { bootstrap } from './db/bootstrap.js';
export { DEMO_LOGINS, DEMO_PASSWORD, loadDemoDataWhole } from './db/demo.js';
