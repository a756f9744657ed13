/**
 * Writes a new migration when the schema built from the model declarations changed:
 * `npm run db:generate [name]`. Same folder format as drizzle-kit, applied by drizzle's migrator.
 */
import { readFileSync, writeFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fromRoot } from '../paths.js';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { allTables } from './tables.js';
import '../areas/jobs/tables.js';
import '../areas/eDocuments/tables.js';
import '../areas/accountLifecycle/tables.js';
import '../areas/preferences/tables.js';
import '../areas/customerImport/tables.js';
import '../areas/sdi/tables.js';
import '../areas/collections/tables.js';
import '../areas/reminders/tables.js';
import '../areas/aml/tables.js';
import '../areas/engagements/tables.js';
import '../areas/portal/tables.js';
import '../auth/tables.js';

const dir = fromRoot('server', 'db', 'migrations');
const meta = join(dir, 'meta');
mkdirSync(meta, { recursive: true });
const journalPath = join(meta, '_journal.json');
const journal = existsSync(journalPath)
  ? JSON.parse(readFileSync(journalPath, 'utf8'))
  : { version: '7', dialect: 'postgresql', entries: [] as Array<Record<string, unknown>> };
const snapshots = readdirSync(meta)
  .filter((f) => f.endsWith('_snapshot.json'))
  .sort();
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const prev: any = snapshots.length
  ? JSON.parse(readFileSync(join(meta, snapshots[snapshots.length - 1]), 'utf8'))
  : generateDrizzleJson({});
const cur = generateDrizzleJson(allTables(), prev.id);
const statements = await generateMigration(prev, cur);
if (!statements.length) {
  console.log('Schema unchanged: no migration written.');
  process.exit(0);
}
const idx = journal.entries.length;
const tag = `${String(idx).padStart(4, '0')}_${process.argv[2] ?? 'schema'}`;
writeFileSync(join(dir, `${tag}.sql`), statements.join('\n--> statement-breakpoint\n') + '\n');
writeFileSync(join(meta, `${String(idx).padStart(4, '0')}_snapshot.json`), JSON.stringify(cur, null, 2));
journal.entries.push({ idx, version: '7', when: Date.now(), tag, breakpoints: true });
writeFileSync(journalPath, JSON.stringify(journal, null, 2));
console.log(`Wrote migration ${tag} (${statements.length} statements).`);
