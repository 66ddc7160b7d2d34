import { z } from 'zod';

// Backups: the passphrase that encrypts them, and the two ways to name what to restore.

export const BACKUP_PASSPHRASE_MIN = 8;

/** An empty passphrase removes it: backups are then not encrypted (the screen says so). */
export const backupPassphraseSchema = z.object({
  passphrase: z
    .string({ error: 'Passphrase is required.' })
    .max(128, 'The passphrase may be at most 128 characters.')
    .refine((p) => p === '' || p.length >= BACKUP_PASSPHRASE_MIN, {
      message: `The passphrase needs at least ${BACKUP_PASSPHRASE_MIN} characters.`,
    }),
});
export type BackupPassphraseInput = z.infer<typeof backupPassphraseSchema>;

/** A backup is named by its file name in the backup folder, never a path. */
export const backupIdField = z
  .string({ error: 'Choose a backup.' })
  .regex(/^duka-[0-9-]+-(auto|manual)\.dukabackup$/, 'Choose a backup.');

export const backupRestoreSchema = z.object({
  id: backupIdField,
  passphrase: z.string().max(128, 'The passphrase may be at most 128 characters.').optional(),
});

export interface BackupRow {
  id: string;
  created_at: string;
  size: number;
  automatic: boolean;
  encrypted: boolean;
  copied: boolean;
  schema: string;
}

export interface BackupStatus {
  backups: BackupRow[];
  /** A passphrase is set: new backups are encrypted. */
  encrypted: boolean;
  running: { done: number; total: number } | null;
  last_failure: { at: string; message: string } | null;
  last_success_at: string | null;
  time: string;
  dir: string;
  copy_dir: string | null;
}
