import type { Database } from './db/connection.ts';
import type { MailWorker } from './platform/mail.ts';
import type { SecretBox } from './platform/secret-box.ts';

/** What every module plugin receives: the database and the shared platform services. */
export interface AppServices {
  db: Database;
  secrets: SecretBox;
  mail: MailWorker;
  /** Sign-in, OTP and reset calls allowed per IP and minute. */
  authRateLimit: number;
  /** The shop's business time zone: days, weeks and months are its own. */
  timeZone: string;
}
