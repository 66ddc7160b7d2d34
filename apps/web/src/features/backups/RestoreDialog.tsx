// The restore confirmation: it names the backup and what will be replaced, asks for the passphrase, and on success
// signs out (the restore ended every session) with a message on the sign-in page.
import type { BackupRow } from '@duka/shared';
import { Alert, Button, Group, Modal, PasswordInput, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useRestoreBackup } from '../../api/backups.ts';
import { errorMessage } from '../../api/client.ts';
import { openDialog } from '../../components/dialogs.ts';
import { clearSession } from '../../platform/session-storage.ts';
import { describeTime } from './backup-text.ts';

export type RestoreTarget = { row: BackupRow } | { file: File };

export function RestoreDialog({ target, onClose }: { target: RestoreTarget | null; onClose: () => void }) {
  const restore = useRestoreBackup();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [passphrase, setPassphrase] = useState('');
  const [error, setError] = useState<string>();
  const close = () => {
    setPassphrase('');
    setError(undefined);
    restore.reset();
    onClose();
  };
  if (!target) return null;
  const what =
    'row' in target
      ? `the ${target.row.automatic ? 'automatic' : 'manual'} backup of ${describeTime(target.row.created_at)}`
      : `the file ${target.file.name}`;
  // An uploaded file may or may not be encrypted: the field is offered, and the server says if it was needed.
  const asksPassphrase = 'file' in target || target.row.encrypted;
  const confirm = async () => {
    setError(undefined);
    try {
      const source = 'row' in target ? { id: target.row.id } : { file: target.file };
      const answer = await restore.mutateAsync({ source, passphrase });
      close();
      clearSession();
      client.clear();
      void openDialog({ title: 'Backup restored', children: <Text>{answer.message} Sign in again.</Text> });
      navigate('/', { replace: true });
    } catch (err) {
      setError(errorMessage(err, 'The restore failed, and nothing was changed.'));
    }
  };
  return (
    <Modal opened onClose={close} title="Restore a backup" size="lg">
      <Text mb="sm">
        Restore {what}? This replaces everything in Duka now — every sale, stock record, product, supplier, user, role
        and setting — with what the backup holds. Anything recorded since the backup was taken is lost. Everyone is
        signed out.
      </Text>
      {asksPassphrase && (
        <PasswordInput
          label="Passphrase of the backup"
          description={'file' in target ? 'Leave empty if the backup is not encrypted.' : undefined}
          autoComplete="off"
          value={passphrase}
          onChange={(e) => setPassphrase(e.currentTarget.value)}
          mb="sm"
        />
      )}
      {error && (
        <Alert color="red" mb="sm" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        <Button color="red" onClick={confirm} loading={restore.isPending}>
          Replace everything with this backup
        </Button>
      </Group>
    </Modal>
  );
}
