import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../db/connection.ts';
import type { DB } from '../db/schema.ts';
import type { SecretBox } from './secret-box.ts';
import { readSettings } from './settings-store.ts';

// Mail goes through the outbox: written in the transaction of the change that causes it, sent afterwards by the
// worker, so a dead SMTP server never fails a sign-in and no mail is lost.

export interface StoredEmailSettings {
  sender_name: string;
  sender_email: string;
  smtp_auth: 'true' | 'false';
  smtp_host: string;
  smtp_username: string;
  smtp_password_sealed: string;
  smtp_encryption: string;
  smtp_port: number;
}

export const EMAIL_SETTINGS_DEFAULTS: StoredEmailSettings = {
  sender_name: '',
  sender_email: '',
  smtp_auth: 'false',
  smtp_host: '',
  smtp_username: '',
  smtp_password_sealed: '',
  smtp_encryption: 'ENCRYPTION_STARTTLS',
  smtp_port: 587,
};

export const readEmailSettings = (db: Database | Transaction<DB>) =>
  readSettings<StoredEmailSettings>(db, 'email', { ...EMAIL_SETTINGS_DEFAULTS });

/** Mail can go out only once an SMTP server and a sender are saved; until then the outbox marks it undeliverable. */
export const isMailConfigured = (s: StoredEmailSettings) => Boolean(s.smtp_host && s.sender_email);

// Marks a sealed body; plain bodies (notices, and mail queued before sealing existed) are sent as they are.
const SEALED = 'sealed:';

/**
 * A body that carries a one-time code or a temporary password is sealed with `sealWith` (the key of the SMTP
 * password), so a copy of the database or a backup taken before the worker runs does not give it away.
 */
export async function enqueueMail(
  db: Transaction<DB> | Database,
  to: string,
  subject: string,
  body: string,
  sealWith?: SecretBox,
) {
  const stored = sealWith ? SEALED + sealWith.seal(body) : body;
  await db.insertInto('outbox').values({ to_address: to, subject, body: stored }).execute();
}

const MAX_ATTEMPTS = 5;
/**
 * A mail's text once it is sent or given up: bodies carry one-time codes and temporary passwords, which must not
 * outlive their use in the database. The row (to, subject, status) stays as the record.
 */
const SPENT = '';

export class MailWorker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private warnedUnconfigured = false;

  constructor(
    private readonly db: Database,
    private readonly secrets: SecretBox,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 2000,
  ) {}

  start() {
    this.timer = setInterval(() => this.kick(), this.intervalMs);
    this.timer.unref();
  }

  /** Sends what is pending now; calls while a round runs join that round's successor. */
  kick(): Promise<void> {
    const previous = this.running ?? Promise.resolve();
    const next = previous
      .then(() => this.deliverPending())
      .catch((err) => this.log.error({ err }, 'mail worker failed'));
    this.running = next;
    return next;
  }

  async stop() {
    clearInterval(this.timer);
    await this.running;
  }

  private async deliverPending() {
    await this.db.transaction().execute(async (trx) => {
      const batch = await trx
        .selectFrom('outbox')
        .selectAll()
        .where('status', '=', 'pending')
        .orderBy('id')
        .limit(20)
        .forUpdate()
        .skipLocked()
        .execute();
      if (batch.length === 0) return;
      const settings = await readEmailSettings(trx);
      if (!isMailConfigured(settings)) {
        if (!this.warnedUnconfigured) {
          this.log.warn('no SMTP server is configured: mail stays in the outbox marked undeliverable');
          this.warnedUnconfigured = true;
        }
        await trx
          .updateTable('outbox')
          .set({ status: 'undeliverable', last_error: 'No SMTP server is configured.', body: SPENT })
          .where(
            'id',
            'in',
            batch.map((m) => m.id),
          )
          .execute();
        return;
      }
      this.warnedUnconfigured = false;
      const transport = this.transport(settings);
      for (const mail of batch) {
        const text = this.openBody(mail.body);
        if (text === undefined) {
          // Sealed under another key (DUKA_SECRET_KEY changed): retrying cannot help.
          await trx
            .updateTable('outbox')
            .set({ status: 'failed', last_error: 'The mail could not be opened with this secret key.', body: SPENT })
            .where('id', '=', mail.id)
            .execute();
          continue;
        }
        try {
          await transport.sendMail({
            from: { name: settings.sender_name, address: settings.sender_email },
            to: mail.to_address,
            subject: mail.subject,
            text,
          });
          await trx
            .updateTable('outbox')
            .set({ status: 'sent', sent_at: new Date(), body: SPENT })
            .where('id', '=', mail.id)
            .execute();
        } catch (err) {
          const attempts = mail.attempts + 1;
          this.log.warn({ mailId: mail.id, attempts, reason: (err as Error).message }, 'mail not sent');
          await trx
            .updateTable('outbox')
            .set({
              attempts,
              last_error: (err as Error).message,
              status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
              ...(attempts >= MAX_ATTEMPTS && { body: SPENT }),
            })
            .where('id', '=', mail.id)
            .execute();
        }
      }
      transport.close();
    });
  }

  private openBody(body: string): string | undefined {
    return body.startsWith(SEALED) ? this.secrets.open(body.slice(SEALED.length)) : body;
  }

  private transport(s: StoredEmailSettings) {
    const password = s.smtp_password_sealed ? this.secrets.open(s.smtp_password_sealed) : undefined;
    return nodemailer.createTransport({
      host: s.smtp_host,
      port: s.smtp_port,
      secure: s.smtp_encryption === 'ENCRYPTION_SMTPS',
      requireTLS: s.smtp_encryption === 'ENCRYPTION_STARTTLS' || s.smtp_encryption === 'ENCRYPTION_TLS',
      ignoreTLS: s.smtp_encryption === 'ENCRYPTION_NONE',
      auth: s.smtp_auth === 'true' ? { user: s.smtp_username, pass: password ?? '' } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }
}
