import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message with quoted-printable undone, so assertions read plain text. */
  content: string;
  /** The message as mailparser reads it (headers by lower-cased name, text, html). */
  parsed: ParsedMail;
}

export interface LocalSmtp {
  url: string;
  received: ReceivedMail[];
  /** Holds every message at the DATA stage until release() is called. */
  hold(): void;
  release(): void;
  /** Messages waiting at the DATA stage for release() now. */
  held(): number;
  /** While on, every message is refused (451, a temporary failure) at the DATA stage. */
  refuse(on: boolean): void;
  /** Messages refused so far. */
  refused(): number;
  close(): Promise<void>;
}

function decodeQuotedPrintable(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
export async function startLocalSmtp(): Promise<LocalSmtp> {
  const received: ReceivedMail[] = [];
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  let refusing = false;
  let refusedCount = 0;
  let heldCount = 0;
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP: the self-signed STARTTLS certificate would only make the client refuse.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusing) {
          refusedCount += 1;
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks);
        heldCount += 1;
        void gate.then(async () => {
          heldCount -= 1;
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            content: decodeQuotedPrintable(raw.toString('latin1')),
            parsed: await simpleParser(raw),
          });
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release: () => open(),
    held: () => heldCount,
    refuse(on) {
      refusing = on;
    },
    refused: () => refusedCount,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
