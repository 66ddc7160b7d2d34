import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

/**
 * A form in a dialog opened from another form: the dialog sits in a portal, but React still passes its submit up to
 * the form or page it was opened from, so the submit stops here.
 */
export function DialogForm({
  onSubmit,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.stopPropagation();
        onSubmit(event);
      }}
    >
      {children}
    </form>
  );
}

/** A dialog form's Cancel and submit buttons, the submit spinning while its call runs. */
export function DialogFormActions({
  onCancel,
  saving,
  saveLabel,
}: {
  onCancel: () => void;
  saving: boolean;
  saveLabel: string;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={saving}>
        {saveLabel}
      </Button>
    </Group>
  );
}

/**
 * A dialog that makes one record from inside another screen: its title, the call's failure above the fields, the
 * fields, then Cancel and the submit.
 */
export function NewRecordDialog({
  title,
  failure,
  saving,
  saveLabel,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  failure: string | undefined;
  saving: boolean;
  saveLabel: string;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <Modal opened onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <DialogForm onSubmit={onSubmit}>
        <Stack>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          {children}
          <DialogFormActions onCancel={onClose} saving={saving} saveLabel={saveLabel} />
        </Stack>
      </DialogForm>
    </Modal>
  );
}
