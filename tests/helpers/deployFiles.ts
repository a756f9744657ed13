/**
 * What the deployment files say (deploy/gestionale-studi.service, Dockerfile), read as a
 * supervisor reads them: the command, its environment, the restart policy, the memory limits, the
 * health check. Used by the unit test of the files and by the drill that runs their commands.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

/** The [Service] keys of the systemd unit (a key given several times: every value, in order). */
export function systemdService(): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  let section = '';
  for (const raw of readFileSync(join(ROOT, 'deploy', 'gestionale-studi.service'), 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const s = /^\[(.+)\]$/.exec(line);
    if (s) section = s[1]!;
    else if (section === 'Service') {
      const at = line.indexOf('=');
      const k = line.slice(0, at);
      keys.set(k, [...(keys.get(k) ?? []), line.slice(at + 1)]);
    }
  }
  return keys;
}

/** The unit's Environment= lines as variables. */
export const unitEnvironment = (unit = systemdService()) =>
  Object.fromEntries(
    (unit.get('Environment') ?? []).map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)]),
  );

/** The Dockerfile's instructions, continuation lines joined: [instruction, arguments]. */
export function dockerfile(): Array<[string, string]> {
  const text = readFileSync(join(ROOT, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const at = l.search(/\s/);
      return [l.slice(0, at).toUpperCase(), l.slice(at + 1).trim()];
    });
}

/** An exec-form argument list (`["node", "-e", "…"]`) of a Dockerfile instruction. */
export const execForm = (args: string): string[] => JSON.parse(args.slice(args.indexOf('['))) as string[];

/** The Dockerfile's HEALTHCHECK command. */
export function healthCheck(): string[] {
  const h = dockerfile().find(([i]) => i === 'HEALTHCHECK');
  if (!h) throw new Error('no HEALTHCHECK in the Dockerfile');
  return execForm(h[1].slice(h[1].indexOf('CMD') + 3));
}

/** The Dockerfile's ENV variables. */
export function dockerEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [i, args] of dockerfile())
    if (i === 'ENV') for (const m of args.matchAll(/(\w+)=(\S+)/g)) env[m[1]!] = m[2]!;
  return env;
}
