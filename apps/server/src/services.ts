import type { Database } from './db/connection.ts';
import type { BackupKeeper } from './modules/backups/backups.service.ts';
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
  /** The backup folder and its lock; absent (tests), the backup routes use a temp folder of their own. */
  backups?: BackupKeeper;
}
