import { API } from 'virtual:contract-addresses';
import type { BackupRow, InputOf } from '@duka/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callWith } from './client.ts';
import { downloadFile } from './download.ts';
import { invalidate, useCall, useCallWrite } from './queries.ts';

// The Backups screen's calls (the shell's banner reads the same list).

/** The list and the state of the backups; polled while a backup runs, so the progress moves. */
export function useBackups(enabled = true, polling = false) {
  return useCall(
    API.backup.list,
    {},
    { enabled, refetchInterval: polling ? 500 : false, select: (answer) => answer.data },
  );
}

/** Backs up now; the list is asked again whether it worked or not (a failure is on record too). */
export function useBackUpNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callWith(API.backup.store, {}),
    onSettled: () => invalidate(client, 'backup', 'firstSteps'),
  });
}

/** Sets, changes or (empty) removes the passphrase. */
export function useSaveBackupPassphrase() {
  return useCallWrite(API.backup.passphrase, ['backup', 'firstSteps']);
}

/** Downloads a backup file of the list, named as it is in the folder. */
export const downloadBackup = (row: BackupRow) => downloadFile(API.backup.download, { params: { id: row.id } }, row.id);

/** A backup of the list by id, or an uploaded file; either way with the passphrase when it is encrypted. */
export type RestoreSource = { id: string } | { file: File };

/** The restore's body, which the contract leaves to the handler to read: JSON naming a backup of the list, or a
 * multipart form with the file. */
function restoreBody(source: RestoreSource, passphrase: string) {
  if ('id' in source) return { id: source.id, passphrase };
  const form = new FormData();
  form.append('passphrase', passphrase);
  form.append('file', source.file);
  return form;
}

/** Replaces the database with a backup; everyone is signed out, so nothing is refreshed (the screen clears it all). */
export function useRestoreBackup() {
  return useMutation({
    mutationFn: ({ source, passphrase }: { source: RestoreSource; passphrase: string }) =>
      callWith(API.backup.restore, {
        body: restoreBody(source, passphrase),
      } as InputOf<typeof API.backup.restore>),
  });
}
