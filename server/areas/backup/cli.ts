/**
 * `npm run backup [-- FILE]` and `npm run restore -- FILE [--force]` (server/areas/backup/service.ts).
 * Reads DATA_DIR, STORAGE_DIR, DATABASE_URL and the S3_ settings as the server does (README §Settings).
 */
import { join, resolve } from 'node:path';
import { s3Of } from '../../settings.js';
import { S3Storage } from '../../storage/s3.js';
import { backup, restore, BackupError } from './service.js';

const USAGE = `Uso / usage:
  npm run backup [-- FILE]              backup (default backups/gestionale-YYYY-MM-DD-HHmmss.tar.gz)
  npm run restore -- FILE [--force]     ripristino su cartella dati (e database) vuoti / restore into an empty target`;

const pad = (n: number) => String(n).padStart(2, '0');
function defaultName(d = new Date()) {
  return join(
    'backups',
    `gestionale-${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}.tar.gz`,
  );
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const args = rest.filter((a) => a !== '--force');
  if (
    args.some((a) => a.startsWith('-')) ||
    args.length > 1 ||
    (command !== 'backup' && command !== 'restore') ||
    (force && command === 'backup')
  ) {
    console.error(USAGE);
    return 2;
  }
  // the same defaults as server/settings.ts (whose loadSettings would also create DATA_DIR/jwt-secret)
  const dataDir = resolve(process.env.DATA_DIR || './data');
  const storageDir = resolve(process.env.STORAGE_DIR || join(dataDir, 'files'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const s3 = s3Of(process.env);
  const objects = s3 ? new S3Storage(s3) : undefined;
  const log = (line: string) => console.log(line);
  try {
    if (command === 'backup') {
      await backup({ dataDir, storageDir, databaseUrl, objects, out: args[0] ?? defaultName(), log });
      return 0;
    }
    if (!args[0]) {
      console.error(USAGE);
      return 2;
    }
    await restore({ file: args[0], dataDir, storageDir, databaseUrl, objects, force, log });
    return 0;
  } finally {
    await objects?.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof BackupError) console.error(`\n  ${err.italian}\n  ${err.english}\n`);
    else console.error(err);
    process.exit(1);
  },
);
