/**
 * Builds the app (`vite build` into dist/) only when its sources changed since the last build:
 * a SHA-256 of everything the build reads — src/, model/, public/, index.html, vite.config.ts,
 * tsconfig.json, package-lock.json (the installed packages), any .env file and the VITE_*
 * variables — is kept in dist/.build-hash after a successful build, and a build whose hash
 * matches (with dist/index.html still there) is reused. Prints one line saying which.
 *
 *   npm run build [-- --force]     (scripts/build.ts: this and the server's build)
 *
 * The build runs as a child process with NODE_ENV=production (a test runner sets NODE_ENV=test,
 * which would make Vite bundle React's development build). Two builds at once (two test runs)
 * take turns on a lock, and the second one finds the first one's build.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import lockfile from 'proper-lockfile';

/** What `vite build` reads besides node_modules (src/ imports nothing outside src/ and model/). */
const INPUT_DIRS = ['src', 'model', 'public'];
const INPUT_FILES = ['index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];
const HASH_FILE = '.build-hash';

export interface BuildResult {
  /** whether `vite build` ran (false: dist/ was reused) */
  built: boolean;
  /** the sources' hash (hex) */
  hash: string;
  /** milliseconds, hash and build included */
  ms: number;
}

function filesUnder(root: string, dir: string): string[] {
  const abs = join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'));
}

/** The hash of the app's sources under `root`. */
export function sourceHash(root = process.cwd()): string {
  const envFiles = readdirSync(root).filter((f) => f === '.env' || f.startsWith('.env.'));
  const files = [
    ...INPUT_DIRS.flatMap((d) => filesUnder(root, d)),
    ...INPUT_FILES.filter((f) => existsSync(join(root, f))),
    ...envFiles,
  ].sort();
  const h = createHash('sha256');
  for (const f of files) {
    h.update(`${f}\0`);
    h.update(readFileSync(join(root, f)));
    h.update('\0');
  }
  for (const k of Object.keys(process.env)
    .filter((k) => k.startsWith('VITE_'))
    .sort())
    h.update(`env ${k}=${process.env[k]}\0`);
  return h.digest('hex');
}

function storedHash(dist: string): string | null {
  try {
    if (!existsSync(join(dist, 'index.html'))) return null;
    return readFileSync(join(dist, HASH_FILE), 'utf8').trim();
  } catch {
    return null;
  }
}

function viteBuild(root: string, quiet: boolean): Promise<void> {
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [vite, 'build', ...(quiet ? ['--logLevel', 'warn'] : [])], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let out = '';
    child.stdout?.on('data', (b: Buffer) => {
      out += b.toString();
    });
    child.stderr?.on('data', (b: Buffer) => {
      out += b.toString();
    });
    child.on('error', fail);
    child.on('exit', (code, signal) =>
      code === 0 ? done() : fail(new Error(`vite build failed (${signal ?? `exit ${code}`})${out ? `:\n${out}` : ''}`)),
    );
  });
}

/**
 * Builds the app into `root`/dist unless the build there was made from the same sources.
 * `quiet`: Vite's own output only on failure (the one line is printed either way).
 */
export async function buildApp(
  opts: { root?: string; force?: boolean; quiet?: boolean; log?: (line: string) => void } = {},
): Promise<BuildResult> {
  const root = resolve(opts.root ?? process.cwd());
  const log = opts.log ?? ((line: string) => console.log(line));
  const started = Date.now();
  const dist = join(root, 'dist');
  const cache = join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  // one build at a time: another run's build is waited for (the lock is kept fresh while it runs)
  const release = await lockfile.lock(root, {
    lockfilePath: join(cache, 'gestionale-build-app.lock'),
    realpath: false,
    stale: 20_000,
    retries: { retries: 1_000, factor: 1, minTimeout: 250, maxTimeout: 250 },
  });
  try {
    const hash = sourceHash(root);
    const short = hash.slice(0, 12);
    if (!opts.force && storedHash(dist) === hash) {
      const ms = Date.now() - started;
      log(`app build: reused dist/ (sources unchanged, hash ${short}; checked in ${ms} ms)`);
      return { built: false, hash, ms };
    }
    // a build that fails half-way leaves no hash behind: the next run builds again
    rmSync(join(dist, HASH_FILE), { force: true });
    await viteBuild(root, opts.quiet ?? false);
    // the sources read again: a change made during the build is built next time
    if (sourceHash(root) === hash) writeFileSync(join(dist, HASH_FILE), `${hash}\n`);
    const ms = Date.now() - started;
    log(`app build: built dist/ in ${(ms / 1000).toFixed(1)} s (sources changed, hash ${short})`);
    return { built: true, hash, ms };
  } finally {
    await release();
  }
}
