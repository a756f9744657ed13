/**
 * An SMTP server in the test process (smtp-server) that keeps every message it accepts, parsed
 * by mailparser, with its SMTP envelope. It can refuse the next messages with a reply code (a
 * 4xx temporary or 5xx permanent failure), and be stopped and started again on the same port
 * (a mail server that is down for a while).
 */
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
  /** stop listening (connections are refused until `start`) */
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  let refusal: { code: number; text: string; times: number } | null = null;
  let server: SMTPServer | null = null;
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
    async start() {
      const s = new SMTPServer({
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
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(sink.port, '127.0.0.1', () => resolve());
      });
      sink.port = (s.server.address() as { port: number }).port;
      sink.url = `smtp://127.0.0.1:${sink.port}`;
      server = s;
    },
    async stop() {
      const s = server;
      server = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
  await sink.start();
  return sink;
}
