// The backup passphrase: set or change it, or remove it (new backups are then not encrypted).
import { type BackupPassphraseInput, backupPassphraseSchema } from '@duka/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PasswordInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useSaveBackupPassphrase } from '../../api/backups.ts';
import { errorMessage } from '../../api/client.ts';
import { applyServerErrors } from '../../components/apply-server-errors.ts';
import { confirmAction } from '../../components/confirm.ts';
import type { AlertState } from '../../components/FormAlerts.tsx';

export function PassphraseForm({ isSet, onDone }: { isSet: boolean; onDone: (alerts: AlertState) => void }) {
  const save = useSaveBackupPassphrase();
  const form = useForm<BackupPassphraseInput>({
    resolver: zodResolver(backupPassphraseSchema),
    defaultValues: { passphrase: '' },
  });
  const send = async (input: BackupPassphraseInput) => {
    onDone({});
    try {
      const answer = await save.mutateAsync({ body: input });
      form.reset({ passphrase: '' });
      onDone({ success: answer.message });
    } catch (err) {
      applyServerErrors(err, form.setError);
      onDone({ error: errorMessage(err, 'Failed to save the passphrase. Please try again.') });
    }
  };
  const submit = form.handleSubmit((input) => {
    if (!input.passphrase) {
      form.setError('passphrase', { message: 'Passphrase is required.' });
      return;
    }
    return send(input);
  });
  const remove = async () => {
    const sure = await confirmAction('Remove the passphrase? New backups will not be encrypted.');
    if (sure) await send({ passphrase: '' });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start">
        <PasswordInput
          label={isSet ? 'New backup passphrase' : 'Backup passphrase'}
          description="At least 8 characters. It is never stored in a backup."
          autoComplete="new-password"
          style={{ flex: 1, maxWidth: 420 }}
          {...form.register('passphrase')}
          error={form.formState.errors.passphrase?.message}
        />
        <Button type="submit" mt={46} loading={save.isPending}>
          {isSet ? 'Change passphrase' : 'Set passphrase'}
        </Button>
        {isSet && (
          <Button mt={46} variant="subtle" color="red" onClick={remove}>
            Remove passphrase
          </Button>
        )}
      </Group>
    </form>
  );
}
