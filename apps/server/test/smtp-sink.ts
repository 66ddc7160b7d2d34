// A real SMTP server for tests: it accepts every message and keeps it, so a test can read a mailed code.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => {
        raw += chunk;
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    /** Waits for a mail to `to` whose text matches `pattern`, and returns the first group. */
    async waitFor(to: string, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        for (let i = received.length - 1; i >= 0; i--) {
          const mail = received[i];
          const match = mail?.to.includes(to) ? mail.raw.replace(/=\r?\n/g, '').match(pattern) : null;
          if (match) return match[1] ?? match[0];
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no mail to ${to} matching ${pattern}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** E-mail settings that send to a local SMTP server on `port` (a sink, or port 1 to stay out of reach). */
export const localMailSettings = (port: number) => ({
  sender_name: 'Duka',
  sender_email: 'shop@duka.test',
  smtp_auth: 'false',
  smtp_host: '127.0.0.1',
  smtp_username: 'shop',
  smtp_password: 'smtp-secret-1',
  smtp_encryption: 'ENCRYPTION_NONE',
  smtp_port: port,
});
