/**
 * Starts the server: settings, database (migrated at open; PostgreSQL waited for while it cannot
 * be reached; the embedded one locked to this process), bootstrap/demo data, HTTP. Stops
 * gracefully on SIGTERM/SIGINT.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { loadSettings } from './settings.js';
import { embeddedDatabaseIsNew, openDatabase, type Database } from './db/connection.js';
import { DataDirLockedError } from './db/dataDirLock.js';
import { createLogger } from './logging.js';
import { NODE_MEMORY_FLAGS, watchMemory } from './memoryWatch.js';
import type { MailWorker } from './areas/mail/worker.js';
import type { SdiWorker } from './areas/sdi/worker.js';
import type { ReminderWorker } from './areas/reminders/worker.js';
import { EngagementHandOff, startEngagementWorker, type EngagementWorker } from './areas/engagements/worker.js';

const settings = loadSettings();
const log = createLogger(settings.logLevel);
// the rest of the server, loading while the database opens (server/serverParts.ts); a failure to
// load is reported where it is awaited
const parts = import('./serverParts.js');
parts.catch(() => undefined);

/**
 * A new embedded database gets its demo data from a child process (server/seed.ts, beside this
 * file: dist-server/seed.mjs, or server/seed.ts under tsx) that opens the folder, loads the data
 * and ends; this process then opens the folder as on any later start. What the loading grew
 * (PGlite's WebAssembly heap, which never shrinks, and the JavaScript heap's garbage) ends with the
 * child: the server idles at what a start on an existing folder holds (issue 27 item 2;
 * docs/decisions.md). The child loads only the modules the loading needs.
 */
const SEED_ENTRY = fileURLToPath(new URL(`./seed${extname(fileURLToPath(import.meta.url))}`, import.meta.url));
let seeder: ChildProcess | undefined;
async function seedInChild(): Promise<void> {
  // V8's default heap sizing in the child: faster loading, and what it grows ends with it
  const execArgv = process.execArgv.filter((a) => !NODE_MEMORY_FLAGS.some((f) => a === f));
  seeder = spawn(process.execPath, [...execArgv, SEED_ENTRY], { stdio: 'inherit' });
  const [code] = (await once(seeder, 'exit')) as [number | null];
  seeder = undefined;
  if (code !== 0) throw new Error(`the demo data could not be loaded (the loading process ended with ${code})`);
}

/*
 * SIGTERM/SIGINT: stop accepting connections, let the requests in progress finish, close the
 * database, exit 0. A second signal, or requests still running after SHUTDOWN_TIMEOUT seconds,
 * end the process at once (exit 1).
 */
let app: FastifyInstance | undefined;
let database: Database | undefined;
let mail: MailWorker | undefined;
let sdi: SdiWorker | undefined;
let reminders: ReminderWorker | undefined;
let engagements: EngagementWorker | undefined;
let stopping = false;
async function shutdown(why: string, exitCode = 0) {
  if (stopping) {
    log.warn({ why }, `${why} during shutdown: exiting now`);
    process.exit(1);
  }
  stopping = true;
  log.info(
    { why },
    `${why}: shutting down (requests in progress have ${settings.shutdownTimeoutMs / 1000} s to finish)`,
  );
  setTimeout(() => {
    log.error(
      `shutdown: requests still in progress after ${settings.shutdownTimeoutMs / 1000} s (SHUTDOWN_TIMEOUT): exiting anyway`,
    );
    process.exit(1);
  }, settings.shutdownTimeoutMs).unref();
  try {
    seeder?.kill('SIGTERM');
    await app?.close();
    // sends in progress finish (within the shutdown's time); what is left is sent after the next start
    await sdi?.stop(Math.max(1000, settings.shutdownTimeoutMs - 2000));
    await reminders?.stop(Math.max(1000, settings.shutdownTimeoutMs - 2000));
    await engagements?.stop(Math.max(1000, settings.shutdownTimeoutMs - 2000));
    await mail?.stop(Math.max(1000, settings.shutdownTimeoutMs - 2000));
    await database?.close();
    log.info('stopped');
    process.exit(exitCode);
  } catch (err) {
    log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal));

// the start's phases, in ms since the process started (Node's own start and the modules' loading
// are the first): logged once listening, read by bench/start.ts
const phases: Record<string, number> = { modules: Math.round(performance.now()) };
// and the resident memory at the end of each, in MB
const rssMb = () => Math.round(process.memoryUsage.rss() / 1048576);
const startRssMb: Record<string, number> = { modules: rssMb() };
const phase = (name: string) => {
  phases[name] = Math.round(performance.now());
  startRssMb[name] = rssMb();
};

let demoLoaded = false;
if (settings.demoData && !settings.databaseUrl && embeddedDatabaseIsNew(settings.dataDir)) {
  try {
    await seedInChild();
    demoLoaded = true;
  } catch (err) {
    if (stopping) await new Promise(() => undefined);
    log.fatal({ err }, 'cannot start');
    process.exit(1);
  }
  phase('seed');
}
try {
  database = await openDatabase({
    databaseUrl: settings.databaseUrl,
    dataDir: settings.dataDir,
    log,
    onLockLost: () => void shutdown('lock of DATA_DIR lost', 1),
  });
} catch (err) {
  if (err instanceof DataDirLockedError) {
    log.fatal({ dataDir: err.dataDir, holderPid: err.owner?.pid }, err.message);
    console.error(`\n  Cannot start: ${err.message}\n`);
  } else {
    log.fatal({ err }, 'cannot open the database');
  }
  process.exit(1);
}
phase('database');
try {
  const {
    bootstrap,
    buildApp,
    channelFor,
    execOn,
    loadDemoDataWhole,
    sdiPending,
    startMailWorker,
    startSdiWorker,
    startReminderWorker,
    storageOf,
  } = await parts;
  phase('parts');
  const exec = execOn(database.db);
  // on PostgreSQL the demo data of a new database is loaded here, all or nothing as on PGlite
  if (settings.demoData) demoLoaded = (await loadDemoDataWhole(database, storageOf(settings))) || demoLoaded;
  else await bootstrap(exec);
  phase('data');
  app = await buildApp(settings, database, { loggerInstance: log });
  phase('app');
  // the outbox's delivery (server/areas/mail/worker.ts): requests hand it their messages after commit
  mail = await startMailWorker({ database, settings, log });
  app.mail.attach(mail);
  await app.listen({ port: settings.port, host: settings.host });
  phase('listening');
  log.info({ startMs: phases, startRssMb, demoLoaded }, `ready in ${phases.listening} ms`);
  watchMemory(log);
  // the sending to SdI (server/areas/sdi/worker.ts): its worker starts when first needed — now if an
  // earlier process left files to send or to follow, else with the first 'Invia a SdI' or webhook
  const channel = channelFor(settings, database);
  if (channel) {
    const { mail: mailHandOff, sdi: sdiHandOff } = app;
    sdiHandOff.configure(channel, async () => {
      const w = await startSdiWorker({ database: database!, settings, channel, mail: mailHandOff, log });
      if (stopping) {
        await w.stop(1000);
        throw new Error('stopping');
      }
      sdi = w;
      log.info({ channel: channel.name }, 'sdi: sending worker started');
      return w;
    });
    sdiPending(exec)
      .then((pending) => (pending ? sdiHandOff.ensure() : null))
      .catch((err) => log.error({ err }, 'sdi: the files left by an earlier process could not be read'));
  }
  // the reminders' daily run and sending (server/areas/reminders/worker.ts): each minute a look for
  // studios whose run is due and reminders left queued; the job queue starts when there is any
  const remindersHandOff = app.reminders;
  remindersHandOff.configure(database, async () => {
    const w = await startReminderWorker({
      database: database!,
      settings,
      storage: storageOf(settings),
      mail: app!.mail,
      serverBaseUrl: settings.serverBaseUrl,
      secret: settings.jwtSecret,
      log,
    });
    if (stopping) {
      await w.stop(1000);
      throw new Error('stopping');
    }
    reminders = w;
    log.info('reminders: worker started');
    return w;
  });
  const look = () =>
    void remindersHandOff.look().catch((err) => log.warn({ err }, 'reminders: the look for due runs failed'));
  look();
  setInterval(look, settings.remindersTickSeconds * 1000).unref();
  // the engagements' daily billing run (server/areas/engagements/worker.ts): each minute a look for
  // studios whose run of today is due; the job queue starts when there is any
  const engagementsHandOff = new EngagementHandOff();
  engagementsHandOff.configure(database, async () => {
    const w = await startEngagementWorker({ database: database!, settings, log });
    if (stopping) {
      await w.stop(1000);
      throw new Error('stopping');
    }
    engagements = w;
    log.info('engagements: worker started');
    return w;
  });
  const lookBilling = () =>
    void engagementsHandOff.look().catch((err) => log.warn({ err }, 'engagements: the look for due runs failed'));
  lookBilling();
  setInterval(lookBilling, settings.engagementsTickSeconds * 1000).unref();
} catch (err) {
  // a signal during the start closes the database under it: shutdown() ends the process
  if (stopping) await new Promise(() => undefined);
  log.fatal({ err }, 'cannot start');
  process.exit(1);
}

const url = `http://localhost:${settings.port}`;
const lines = [
  '',
  `  ${settings.appName} 3.5.1 is running at ${url}`,
  `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${settings.dataDir}` : 'PostgreSQL (DATABASE_URL)'}${demoLoaded ? ' — demo data loaded' : ''}`,
  `  SdI: ${settings.acube ? `A-Cube (${settings.acube.environment})` : settings.sdiSimulator ? 'simulator (SDI_SIMULATOR: nothing reaches the real SdI)' : 'no channel (ACUBE_EMAIL unset, SDI_SIMULATOR=false)'}`,
  `  Mail: ${settings.smtpUrl ? `sent through ${new URL(settings.smtpUrl).host} (SMTP_URL)` : "SMTP_URL is not set: messages are kept in 'Posta in uscita'"}`,
  ...(settings.paymentSandbox
    ? ['  Payments: PAYMENT_SANDBOX is on — test payments, no money moves (never in production)']
    : []),
];
if (settings.demoData) {
  const { DEMO_LOGINS, DEMO_PASSWORD } = await parts;
  lines.push(`  Demo logins (password ${DEMO_PASSWORD}):`);
  for (const l of DEMO_LOGINS) lines.push(`    ${l.email.padEnd(32)} ${l.role.padEnd(14)} ${l.studio}`);
}
console.log(lines.join('\n') + '\n');
