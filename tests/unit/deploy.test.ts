/**
 * Issue 27 item 4: the ways to run the server supervised, as files — the systemd unit and the
 * Dockerfile — say what a supervisor needs: the compiled server as the command, a restart after a
 * crash, a heap limit under the memory ceiling, no demo data, a health check on /api/health; and
 * every package the server imports is a production dependency (the image prunes the others).
 * tests/drills/supervised.test.ts runs their commands.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NODE_MEMORY_FLAGS, SERVER_ENTRY } from '../../scripts/buildServer';
import { sourceFiles } from '../helpers/sourceFiles';
import { dockerEnv, dockerfile, execForm, healthCheck, systemdService, unitEnvironment } from '../helpers/deployFiles';

const ROOT = join(import.meta.dirname, '..', '..');
const heapMb = (argv: string[]) =>
  Number(/^--max-old-space-size=(\d+)$/.exec(argv.find((a) => a.startsWith('--max-old-space-size=')) ?? '')?.[1]);

describe('deploy: the systemd unit', () => {
  const unit = systemdService();
  const argv = unit.get('ExecStart')![0]!.split(/\s+/);

  it('runs the compiled server with node and a heap limit, restarted whatever ended it', () => {
    expect(argv[0]).toBe('/usr/bin/node');
    expect(argv.at(-1)).toBe(SERVER_ENTRY);
    expect(heapMb(argv)).toBeGreaterThanOrEqual(512);
    expect(unit.get('Restart')).toEqual(['always']);
    expect(Number(unit.get('RestartSec')![0])).toBeLessThanOrEqual(5);
  });

  it('has a memory ceiling above the heap limit (PGlite and the PDF workers live outside the heap)', () => {
    const max = /^(\d+)M$/.exec(unit.get('MemoryMax')![0]!);
    expect(max).not.toBeNull();
    expect(Number(max![1])).toBeGreaterThanOrEqual(heapMb(argv) + 512);
  });

  it('stops with SIGTERM and waits longer than the server lets requests finish', () => {
    expect(unit.get('KillSignal')).toEqual(['SIGTERM']);
    // SHUTDOWN_TIMEOUT's default, 10 s (README)
    expect(Number(unit.get('TimeoutStopSec')![0])).toBeGreaterThan(10);
  });

  it('never loads the demo studios and keeps its data in its state folder', () => {
    const env = unitEnvironment(unit);
    expect(env.DEMO_DATA).toBe('false');
    expect(env.DATA_DIR).toBe(`/var/lib/${unit.get('StateDirectory')![0]}`);
  });
});

describe('deploy: the heap kept small everywhere the server runs', () => {
  it("npm start, the systemd unit and the Dockerfile pass V8's heap sizing flags before the entry", () => {
    const npmStart = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } })
      .scripts.start;
    const startArgv = npmStart.slice(npmStart.lastIndexOf(' node ') + 1).split(/\s+/);
    const commands = {
      'npm start': startArgv,
      systemd: systemdService().get('ExecStart')![0]!.split(/\s+/),
      Dockerfile: execForm(dockerfile().find(([i]) => i === 'CMD')![1]),
    };
    for (const [name, argv] of Object.entries(commands)) {
      expect(argv.at(-1), name).toBe(SERVER_ENTRY);
      for (const flag of NODE_MEMORY_FLAGS) expect(argv.slice(1, -1), `${name}: ${flag}`).toContain(flag);
    }
  });
});

describe('deploy: the Dockerfile', () => {
  const steps = dockerfile();
  const cmd = execForm(steps.find(([i]) => i === 'CMD')![1]);

  it('builds on Node 20, installs from the lock, builds, then drops the development packages', () => {
    expect(steps[0]).toEqual(['FROM', 'node:20-bookworm-slim']);
    const runs = steps.filter(([i]) => i === 'RUN').map(([, a]) => a);
    expect(runs[0]).toMatch(/^npm ci\b/);
    expect(runs.some((r) => /npm run build && npm prune --omit=dev/.test(r))).toBe(true);
  });

  it('runs the compiled server as the unprivileged user, with the same heap limit as the unit', () => {
    expect(cmd[0]).toBe('node');
    expect(cmd.at(-1)).toBe(SERVER_ENTRY);
    expect(heapMb(cmd)).toBe(heapMb(systemdService().get('ExecStart')![0]!.split(/\s+/)));
    expect(steps.filter(([i]) => i === 'USER').map(([, a]) => a)).toEqual(['node']);
  });

  it('has no demo studios, its data in the volume, and a health check on /api/health', () => {
    const env = dockerEnv();
    expect(env.DEMO_DATA).toBe('false');
    expect(env.DATA_DIR).toBe('/data');
    expect(steps.some(([i, a]) => i === 'VOLUME' && a === '/data')).toBe(true);
    const check = healthCheck();
    expect(check.slice(0, 2)).toEqual(['node', '-e']);
    expect(check[2]).toContain("'/api/health'");
  });

  it('is not given the local data, the builds or the dependencies of this machine', () => {
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n');
    for (const p of ['node_modules', 'data', 'dist', 'dist-server', '.git']) expect(ignored).toContain(p);
  });
});

describe('deploy: what the server imports is installed in production', () => {
  it('every package imported by server/ and model/ (statically or on first use) is a dependency, not a devDependency', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const used = new Set<string>();
    // server/db/generate.ts is `npm run db:generate`, a development command (drizzle-kit), not the server
    const files = [...sourceFiles('server'), ...sourceFiles('model'), 'server/render/pdfWorker.mjs'].filter(
      (f) => f !== 'server/db/generate.ts',
    );
    for (const f of files) {
      const text = readFileSync(join(ROOT, f), 'utf8');
      for (const m of text.matchAll(/(?:^import(?!\s+type)[^'"]*from\s*|\bimport\(\s*)['"]([^'".][^'"]*)['"]/gm)) {
        const spec = m[1]!;
        if (spec.startsWith('node:')) continue;
        used.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
      }
    }
    expect(used.size).toBeGreaterThan(25);
    expect([...used].filter((p) => !(p in pkg.dependencies)).sort()).toEqual([]);
  });
});
