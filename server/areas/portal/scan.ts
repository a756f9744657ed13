/**
 * ClamAV's daemon (clamd) asked about a file's bytes over its INSTREAM command (issue 50 item 6):
 * `zINSTREAM\0`, the bytes in chunks each after its length (4 bytes, big-endian), a zero length, and
 * the daemon's one-line verdict: `stream: OK` or `stream: <signature> FOUND`. On a Unix socket
 * (CLAMAV_SOCKET) or TCP (CLAMAV_HOST). Thirty seconds at most; a daemon that does not answer, or
 * answers anything else (an error, its size limit), is no verdict — the caller refuses the file
 * rather than keep it unscanned. The protocol is a few lines: no library (the npm clients wrap the
 * same command with a CLI fallback the server must not use).
 */
import { connect, type Socket } from 'node:net';

export type ScanVerdict = { clean: true } | { clean: false; signature: string };

const CHUNK = 64 * 1024;
const TIMEOUT_MS = 30_000;

export class ScannerUnavailable extends Error {}

export function scanBytes(
  where: { socket: string } | { host: string; port: number },
  bytes: Buffer,
): Promise<ScanVerdict> {
  return new Promise((resolve, reject) => {
    const socket: Socket = 'socket' in where ? connect(where.socket) : connect(where.port, where.host);
    let answer = '';
    let done = false;
    const finish = (err: Error | null, verdict?: ScanVerdict) => {
      if (done) return;
      done = true;
      socket.destroy();
      if (err) reject(err);
      else resolve(verdict!);
    };
    socket.setTimeout(TIMEOUT_MS, () => finish(new ScannerUnavailable('antivirus: nessuna risposta')));
    socket.on('error', (e) => finish(new ScannerUnavailable(`antivirus: ${e.message}`)));
    socket.on('data', (d) => {
      answer += d.toString('utf8');
      if (answer.length > 4096) finish(new ScannerUnavailable('antivirus: risposta inattesa'));
    });
    socket.on('end', () => {
      const line = answer.replace(/\0/g, '').trim();
      const found = /^stream: (.+) FOUND$/.exec(line);
      if (/^stream: OK$/.test(line)) finish(null, { clean: true });
      else if (found) finish(null, { clean: false, signature: found[1]!.slice(0, 200) });
      else finish(new ScannerUnavailable(`antivirus: ${line.slice(0, 200) || 'nessuna risposta'}`));
    });
    socket.on('connect', () => {
      socket.write('zINSTREAM\0');
      for (let at = 0; at < bytes.length; at += CHUNK) {
        const part = bytes.subarray(at, at + CHUNK);
        const size = Buffer.alloc(4);
        size.writeUInt32BE(part.length);
        socket.write(size);
        socket.write(part);
      }
      socket.end(Buffer.alloc(4));
    });
  });
}
