import { Button, Group } from '@mantine/core';
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
