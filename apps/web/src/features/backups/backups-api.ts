// The Backups screen's calls. Kept with the feature: nothing else uses them (the shell's banner reads the same list).
import type { BackupPassphraseInput, BackupRow, BackupStatus } from '@duka/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

export const backupKeys = { all: ['backups'] as const };

/** The list and the state of the backups; polled while a backup runs, so the progress moves. */
export function useBackups(enabled = true, polling = false) {
  return useQuery({
    queryKey: backupKeys.all,
    queryFn: async () => (await api<{ data: BackupStatus }>('GET', '/backuplist')).data,
    enabled,
    refetchInterval: polling ? 500 : false,
  });
}

export function useBackUpNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ message: string; data: BackupRow }>('POST', '/backupstore'),
    onSettled: () => client.invalidateQueries({ queryKey: backupKeys.all }),
  });
}

export function useSaveBackupPassphrase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BackupPassphraseInput) => api<{ message: string }>('POST', '/backupsettingsstore', body),
    onSuccess: () => client.invalidateQueries({ queryKey: backupKeys.all }),
  });
}

/** A backup of the list by id, or an uploaded file; either way with the passphrase when it is encrypted. */
export type RestoreSource = { id: string } | { file: File };

export function useRestoreBackup() {
  return useMutation({
    mutationFn: ({ source, passphrase }: { source: RestoreSource; passphrase: string }) => {
      if ('id' in source) return api<{ message: string }>('POST', '/backuprestore', { id: source.id, passphrase });
      const form = new FormData();
      form.append('passphrase', passphrase);
      form.append('file', source.file);
      return api<{ message: string }>('POST', '/backuprestore', form);
    },
  });
}
