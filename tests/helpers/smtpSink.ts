/**
 * An SMTP server in the test process (smtp-server) that keeps every message it accepts, parsed
 * by mailparser, with its SMTP envelope. It can refuse the next messages with a reply code (a
 * 4xx temporary or 5xx permanent failure), and be down for a while (a mail server that cannot be
 * reached).
 *
 * Its port is its own from start to `stop`, down or not: a sink that closed its port while down
 * let the operating system give that port to another test's listener (the drills and API files run
 * at once), whose server then got this test's messages — two drills failed so in CI. While down,
 * each connection is accepted and reset at once, which the client sees as a server it cannot reach.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface Received {
  rcptTo: string[];
  mailFrom: string;
  raw: Buffer;
  mail: ParsedMail;
}

export interface SmtpSink {
  port: number;
  /** SMTP_URL of the sink */
  url: string;
  received: Received[];
  /** refuse the next `times` messages at DATA with this reply */
  refuse(code: number, text: string, times?: number): void;
  /** messages refused so far */
  refused: number;
  /**
   * Holds the first transaction that reaches RCPT TO once `after` messages were received (the
   * client waits mid-send, nothing of it is accepted): `reached` resolves then, `release` lets it go on.
   */
  hold(after: number): { reached: Promise<void>; release(): void };
  /** the mail server down: every new connection is reset at once (the port stays the sink's) */
  down(): void;
  /** the mail server back */
  up(): void;
  /** the end: the port closed, the connections ended */
  stop(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  let refusal: { code: number; text: string; times: number } | null = null;
  let isDown = false;
  let holding: { after: number; reach(): void; released: Promise<void> } | null = null;
  const sink: SmtpSink = {
    port: 0,
    url: '',
    received: [],
    refused: 0,
    refuse(code, text, times = 1) {
      refusal = { code, text, times };
    },
    hold(after) {
      let reach!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((r) => {
        reach = r;
      });
      const released = new Promise<void>((r) => {
        release = r;
      });
      holding = { after, reach, released };
      return { reached, release };
    },
    down() {
      isDown = true;
    },
    up() {
      isDown = false;
    },
    async stop() {
      await Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => listener.close(() => resolve())),
      ]);
    },
  };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    hideSTARTTLS: true,
    onRcptTo(_address, _session, callback) {
      const h = holding;
      if (!h || sink.received.length < h.after) {
        callback();
        return;
      }
      holding = null;
      h.reach();
      void h.released.then(() => callback());
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusal && refusal.times > 0) {
          refusal.times--;
          sink.refused++;
          callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
          return;
        }
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (mail) => {
            const env = session.envelope as {
              mailFrom: { address: string } | false;
              rcptTo: Array<{ address: string }>;
            };
            sink.received.push({
              rcptTo: env.rcptTo.map((r) => r.address),
              mailFrom: env.mailFrom ? env.mailFrom.address : '',
              raw,
              mail,
            });
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  // a client cut mid-session (the drills kill servers with SIGKILL) is expected, not a failure of the sink
  smtp.on('error', () => undefined);
  // the port, the sink's until `stop`: a connection goes to the SMTP server, or is reset while down
  const listener: Server = createServer((socket: Socket) => {
    if (isDown) socket.resetAndDestroy();
    else smtp.connect(socket);
  });
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(0, '127.0.0.1', () => resolve());
  });
  sink.port = (listener.address() as { port: number }).port;
  sink.url = `smtp://127.0.0.1:${sink.port}`;
  return sink;
}
