// Manage Settings → Backups: the list, Back up now, Download, Restore (from the list or a file) and the passphrase.
import { type BackupRow, countOf } from '@duka/shared';
import { Alert, Button, FileInput, Group, Paper, Progress, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { downloadBackup, useBackUpNow, useBackups } from '../../api/backups.ts';
import { errorMessage } from '../../api/client.ts';
import { type AlertState, FormAlerts } from '../../components/FormAlerts.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { TableHead } from '../../components/TableHead.tsx';
import { TableScroll } from '../../components/TableScroll.tsx';
import { describeTime, formatSize } from './backup-text.ts';
import { PassphraseForm } from './PassphraseForm.tsx';
import { RestoreDialog, type RestoreTarget } from './RestoreDialog.tsx';

export function BackupSettingsPage() {
  const backUp = useBackUpNow();
  const backups = useBackups(true, backUp.isPending);
  const [alerts, setAlerts] = useState<AlertState>({});
  const [file, setFile] = useState<File | null>(null);
  const [target, setTarget] = useState<RestoreTarget | null>(null);

  if (backups.isPending) return <PageLoader />;
  const status = backups.data;

  const backUpNow = async () => {
    setAlerts({});
    try {
      const answer = await backUp.mutateAsync();
      setAlerts({ success: answer.message });
    } catch (err) {
      setAlerts({ error: errorMessage(err, 'The backup failed. Please try again.') });
    }
  };
  const download = async (row: BackupRow) => {
    setAlerts({});
    try {
      await downloadBackup(row);
    } catch (err) {
      setAlerts({ error: errorMessage(err, 'The download failed. Please try again.') });
    }
  };
  const progress = status?.running;

  return (
    <>
      <PageHeader title="Backups" trail={[{ label: 'Settings' }, { label: 'Backups' }]} />
      {backups.isError && (
        <FormAlerts state={{ error: 'Failed to fetch the backups.' }} onClose={() => backups.refetch()} />
      )}
      {status?.last_failure && (
        <Alert color="red" mb="md" title="The last backup failed" role="alert">
          {describeTime(status.last_failure.at)}: {status.last_failure.message}
        </Alert>
      )}
      <FormAlerts state={alerts} onClose={() => setAlerts({})} />
      {status && (
        <Paper p="lg" withBorder mb="md">
          <Title order={4}>Encryption</Title>
          {status.encrypted ? (
            <Text my="sm">
              New backups are encrypted with your passphrase. Keep it somewhere safe: an encrypted backup cannot be
              restored without it.
            </Text>
          ) : (
            <Alert color="yellow" my="sm" title="Backups are not encrypted">
              Anyone who has a backup file can read every sale, customer and user in it. Set a passphrase to encrypt new
              backups.
            </Alert>
          )}
          <PassphraseForm isSet={status.encrypted} onDone={setAlerts} />
        </Paper>
      )}
      <Paper p="lg" withBorder mb="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={4}>Saved backups</Title>
            {status && (
              <Text size="sm" c="dimmed">
                Every day at {status.time} into {status.dir}
                {status.copy_dir ? `, with a copy in ${status.copy_dir}` : ''}. The last 14 daily and 8 weekly automatic
                backups are kept; backups made here are kept until you remove them from the folder.
              </Text>
            )}
          </div>
          <Button onClick={backUpNow} loading={backUp.isPending}>
            Back up now
          </Button>
        </Group>
        {backUp.isPending && (
          <div aria-live="polite">
            <Text size="sm" mt="sm">
              Backing up…{' '}
              {progress && progress.total > 0 ? `${progress.done} of ${countOf(progress.total, 'table')}` : ''}
            </Text>
            <Progress
              aria-label="Backup progress"
              value={progress && progress.total > 0 ? (100 * progress.done) / progress.total : 5}
              animated
              mt={4}
            />
          </div>
        )}
        <BackupTable rows={status?.backups ?? []} onDownload={download} onRestore={(row) => setTarget({ row })} />
      </Paper>
      <Paper p="lg" withBorder>
        <Title order={4}>Restore from a file</Title>
        <Group align="flex-end" mt="sm">
          <FileInput
            label="Backup file"
            placeholder="Choose a .dukabackup file"
            value={file}
            onChange={setFile}
            clearable
            style={{ flex: 1 }}
          />
          <Button color="red" variant="light" disabled={!file} onClick={() => file && setTarget({ file })}>
            Restore from file
          </Button>
        </Group>
      </Paper>
      <RestoreDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}

function BackupTable({
  rows,
  onDownload,
  onRestore,
}: {
  rows: BackupRow[];
  onDownload: (row: BackupRow) => void;
  onRestore: (row: BackupRow) => void;
}) {
  if (rows.length === 0) {
    return (
      <Text mt="md" c="dimmed">
        No backups yet.
      </Text>
    );
  }
  return (
    <TableScroll minWidth={700} mt="md" label="Backups table">
      <Table striped aria-label="Backups">
        <TableHead headings={['Time', 'Size', 'Kind', 'Encrypted', 'Copied', 'Actions']} />
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{describeTime(row.created_at)}</Table.Td>
              <Table.Td>{formatSize(row.size)}</Table.Td>
              <Table.Td>{row.automatic ? 'Automatic' : 'Manual'}</Table.Td>
              <Table.Td>{row.encrypted ? 'Yes' : 'No'}</Table.Td>
              <Table.Td>{row.copied ? 'Yes' : 'No'}</Table.Td>
              <Table.Td>
                <Group gap="xs">
                  <Button size="xs" variant="light" onClick={() => onDownload(row)}>
                    Download
                  </Button>
                  <Button size="xs" variant="light" color="red" onClick={() => onRestore(row)}>
                    Restore
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
