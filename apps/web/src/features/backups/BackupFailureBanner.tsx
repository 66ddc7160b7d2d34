// A banner in the shell when the last backup failed: only for those who can act on it (backupSettings).
import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useBackups } from '../../api/backups.ts';
import { usePermissions } from '../../api/permissions.ts';
import { useScreenShown } from '../../platform/screen-shown.ts';
import { describeTime } from './backup-text.ts';

export function BackupFailureBanner() {
  const { can } = usePermissions();
  const allowed = can('backupSettings');
  // Asked once the screen under it has shown: its request does not delay the screen's.
  const isScreenShown = useScreenShown();
  const backups = useBackups(allowed && isScreenShown);
  const failure = allowed ? backups.data?.last_failure : undefined;
  if (!failure) return null;
  return (
    <Alert color="red" mb="md" title="The last backup failed" role="alert" className="no-print">
      {describeTime(failure.at)}: {failure.message}{' '}
      <Anchor component={Link} to="/backupsettings">
        Open Backups
      </Anchor>
    </Alert>
  );
}
