/**
 * The demo data of a new embedded database, loaded by a child process of the server (server/main.ts
 * `seedInChild`): it opens the folder (locked to it meanwhile), loads the data and ends. Its own
 * entry, so that the child loads only the database and the demo data's modules, not the HTTP
 * server's (Fastify and its plugins, the documents, the mail worker).
 */
import { loadSettings } from './settings.js';
import { openDatabase } from './db/connection.js';
import { createLogger } from './logging.js';
import { loadDemoDataWhole } from './db/demo.js';
import { storageOf } from './storage/select.js';

const settings = loadSettings();
const log = createLogger(settings.logLevel);
let closing = false;
try {
  const database = await openDatabase({ dataDir: settings.dataDir, log });
  // stopped meanwhile (the server's SIGTERM, or Ctrl-C reaching both processes): the database is
  // closed cleanly; the data's load is one transaction, so the next start loads it whole
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      closing = true;
      void database.close().finally(() => process.exit(1));
    });
  await loadDemoDataWhole(database, storageOf(settings));
  await database.close();
  process.exit(0);
} catch (err) {
  if (!closing) log.fatal({ err }, 'cannot load the demo data');
  process.exit(1);
}
