/**
 * One process per embedded database: PGlite has no locking of its own, and a second server on
 * the same DATA_DIR would run on its own copy of the data in memory and lose its writes. The
 * lock is proper-lockfile's directory `DATA_DIR/pglite.lock` (made atomically, its time kept
 * fresh every few seconds while the process runs; a lock left by a process that died goes stale
 * after its stale time, 10 s, and is taken over), and `DATA_DIR/pglite.pid` says who holds it.
 *
 * DATA_DIR_LOCK_STALE_MS (not a user setting: the tests' knob, tests/drills/dataDirLock.test.ts)
 * shortens the stale time (at least 2000 ms, proper-lockfile's floor); the lock's time is kept
 * fresh every half of it.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';

const STALE_MS = 10_000;

/** The stale time: DATA_DIR_LOCK_STALE_MS when it is a whole number of at least 2000 ms, else STALE_MS. */
function staleMs(): number {
  const n = Number(process.env.DATA_DIR_LOCK_STALE_MS);
  return Number.isInteger(n) && n >= 2000 ? n : STALE_MS;
}

export interface LockLog {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

interface Owner {
  pid: number;
  host: string;
  since: string;
}

export class DataDirLockedError extends Error {
  constructor(
    public dataDir: string,
    public owner: Owner | null,
  ) {
    super(
      `The embedded database in ${dataDir} is already in use by another server process` +
        (owner
          ? ` (pid ${owner.pid}${owner.host !== hostname() ? ` on ${owner.host}` : ''}, running since ${owner.since})`
          : '') +
        `. Only one process may use it: stop that process or give this one another DATA_DIR` +
        ` (the lock is ${join(dataDir, 'pglite.lock')}).`,
    );
    this.name = 'DataDirLockedError';
  }
}

function readOwner(pidFile: string): Owner | null {
  try {
    const o = JSON.parse(readFileSync(pidFile, 'utf8')) as Owner;
    return Number.isInteger(o.pid) ? o : null;
  } catch {
    return null;
  }
}

/** Whether the owner is a running process other than this one (one on another host counts as running). */
function running(o: Owner | null): boolean {
  if (!o) return false;
  if (o.host !== hostname()) return true;
  if (o.pid === process.pid) return false;
  try {
    process.kill(o.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock of `dataDir` or throws DataDirLockedError. A lock left by a process that is no
 * longer running is waited for until it goes stale (at most the stale time). Resolves to its release.
 */
export async function lockDataDir(
  dataDir: string,
  log: LockLog,
  onLost: (err: Error) => void,
): Promise<() => Promise<void>> {
  const lockfilePath = join(dataDir, 'pglite.lock');
  const pidFile = join(dataDir, 'pglite.pid');
  const stale = staleMs();
  const options = {
    lockfilePath,
    realpath: false,
    stale,
    onCompromised: (err: Error) => {
      log.error({ err }, `The lock of ${dataDir} was lost (removed, or taken over by another process)`);
      onLost(err);
    },
  };
  const take = async (retries: number) => {
    try {
      return await lockfile.lock(dataDir, {
        ...options,
        retries: retries ? { retries, factor: 1, minTimeout: 1000, maxTimeout: 1000 } : 0,
      });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ELOCKED') return null;
      throw err;
    }
  };

  let release = await take(0);
  if (!release) {
    const owner = readOwner(pidFile);
    if (running(owner)) throw new DataDirLockedError(dataDir, owner);
    log.info(
      { dataDir, pid: owner?.pid },
      `${dataDir} is locked by ${owner ? `pid ${owner.pid}, which is no longer running` : 'a process that is starting or has stopped'}: waiting up to ${stale / 1000} s for the lock to expire`,
    );
    release = await take(Math.ceil(stale / 1000) + 2);
    if (!release) throw new DataDirLockedError(dataDir, readOwner(pidFile));
  }
  // a holder whose lock went stale while it was busy (a long statement blocks PGlite's thread) is still running
  const previous = readOwner(pidFile);
  if (running(previous)) {
    await release();
    throw new DataDirLockedError(dataDir, previous);
  }
  const me: Owner = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  writeFileSync(pidFile, JSON.stringify(me) + '\n');
  const unlock = release;
  return async () => {
    if (readOwner(pidFile)?.pid === me.pid) rmSync(pidFile, { force: true });
    await unlock().catch(() => undefined);
  };
}
