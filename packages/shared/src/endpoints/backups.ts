import { z } from 'zod';
import { type BackupRow, type BackupStatus, backupIdField, backupPassphraseSchema } from '../backups.schemas.ts';
import { can, defineEndpoint, done, doneWith, file, instant, ok } from '../contract/endpoint.ts';

// Backups (Manage Settings → Backups): the list and state, back up now, download, the passphrase and restore. All
// behind the private key backupSettings. The row and state types are BackupRow and BackupStatus (backups.schemas.ts).

/**
 * The restore's own checks (a multipart form or a JSON body, read by the handler) answer 422, which a contract
 * implies only with a declared body: declared here.
 */

/** A backup file in the backup folder, as its header describes it. */
export const backupRow = z.object({
  id: z.string(),
  created_at: instant,
  size: z.number(),
  automatic: z.boolean(),
  encrypted: z.boolean(),
  /** A copy of the same size is in the copy folder. */
  copied: z.boolean(),
  schema: z.string(),
}) satisfies z.ZodType<BackupRow>;

/** The list and the state of the backups: the passphrase set, the backup running, the last failure and success. */
export const backupStatus = z.object({
  backups: z.array(backupRow),
  encrypted: z.boolean(),
  running: z.object({ done: z.number(), total: z.number() }).nullable(),
  last_failure: z.object({ at: instant, message: z.string() }).nullable(),
  last_success_at: instant.nullable(),
  time: z.string(),
  dir: z.string(),
  copy_dir: z.string().nullable(),
}) satisfies z.ZodType<BackupStatus>;

/** What a restore put back: when the backup was taken and its schema. */
export const backupRestored = z.object({ created_at: instant, schema: z.string() });
export type BackupRestored = z.output<typeof backupRestored>;

export const backupsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/backuplist',
    access: can('backupSettings'),
    resource: 'backup',
    answer: ok(backupStatus),
    summary: 'The backups in the folder, newest first, and the state of backing up.',
  }),
  /** Backs up now; `data` is the new backup's row (absent only if the file went missing meanwhile). */
  store: defineEndpoint({
    method: 'POST',
    path: '/backupstore',
    access: can('backupSettings'),
    resource: ['backup', 'firstSteps'],
    answer: doneWith(backupRow.optional()),
    summary: 'Takes a backup now.',
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/backupdownload/:id',
    access: can('backupSettings'),
    resource: 'backup',
    params: z.object({ id: backupIdField }),
    answer: file('backup'),
    summary: 'Downloads a backup file.',
  }),
  /** An empty passphrase removes it: new backups are then not encrypted. */
  passphrase: defineEndpoint({
    method: 'POST',
    path: '/backupsettingsstore',
    access: can('backupSettings'),
    resource: ['backup', 'firstSteps'],
    body: backupPassphraseSchema,
    answer: done,
    summary: 'Sets, changes or removes (empty) the passphrase that encrypts new backups.',
  }),
  /**
   * Replaces the whole database with a backup and signs everyone out. Body: a multipart form (`file`, `passphrase`),
   * or JSON `{ id, passphrase }` (backupRestoreSchema) naming a backup of the list; read by the handler.
   */
  restore: defineEndpoint({
    method: 'POST',
    path: '/backuprestore',
    access: can('backupSettings'),
    resource: 'backup',
    answer: doneWith(backupRestored),
    errors: [404, 422],
    summary:
      'Restores a backup. Body: a multipart form (file, passphrase) or JSON { id, passphrase } (backupRestoreSchema).',
  }),
};
