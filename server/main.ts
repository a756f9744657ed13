/** Starts the server: settings, database (migrated at open), bootstrap/demo data, HTTP. */
import { loadSettings } from './settings.js';
import { openDatabase } from './db/connection.js';
import { buildApp } from './app.js';
import { execOn } from './records/exec.js';
import { bootstrap } from './db/bootstrap.js';
import { DEMO_LOGINS, DEMO_PASSWORD, loadDemoData } from './db/demo.js';

const settings = loadSettings();
const database = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
const exec = execOn(database.db);
const demoLoaded = settings.demoData ? await loadDemoData(exec) : (await bootstrap(exec), false);
const app = await buildApp(settings, database);
await app.listen({ port: settings.port, host: settings.host });

const url = `http://localhost:${settings.port}`;
const lines = [
  '',
  `  ${settings.appName} 3.5.1 is running at ${url}`,
  `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${settings.dataDir}` : 'PostgreSQL (DATABASE_URL)'}${demoLoaded ? ' — demo data loaded' : ''}`,
];
if (settings.demoData) {
  lines.push(`  Demo logins (password ${DEMO_PASSWORD}):`);
  for (const l of DEMO_LOGINS) lines.push(`    ${l.email.padEnd(32)} ${l.role.padEnd(14)} ${l.studio}`);
}
console.log(lines.join('\n') + '\n');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}
