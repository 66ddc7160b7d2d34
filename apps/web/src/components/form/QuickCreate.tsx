import type { PermissionKey } from '@duka/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { call, errorMessage } from '../../api/client.ts';
import { useWrite } from '../../api/lists.ts';
import { usePermissions } from '../../api/permissions.ts';
import { resourcesOf } from '../../api/queries.ts';
import { applyServerErrors } from '../apply-server-errors.ts';
import { NewRecordDialog } from '../DialogForm.tsx';
import type { RecordFormSpec } from './record-form.tsx';

// A record made from inside another form (a product, brand or unit while receiving stock): a "+ New" button beside
// the select and a small dialog with the name, saved with the create screen's own schema and POST, so the rules and
// the messages are the same. The button shows only to users who may create the record.

/** The id of the record a create call answers with: `{ id }`, or the first of a list (a brand per product). */
const createdId = (data: unknown): number | undefined => {
  const record = Array.isArray(data) ? data[0] : data;
  return typeof record?.id === 'number' ? record.id : undefined;
};

export function QuickCreate<Schema extends z.ZodType<FieldValues, FieldValues>>({
  spec,
  permission,
  noun,
  fixed,
  fields,
  disabledReason,
  onCreated,
}: {
  /** The create screen's spec: its schema, POST path and the lookups its save refreshes. */
  spec: RecordFormSpec<Schema, any>;
  permission: PermissionKey;
  /** "product": the button's name ("New product") and the dialog's title ("New product"). */
  noun: string;
  /** Values the dialog does not ask for (the environment, a brand's product). */
  fixed: Record<string, unknown>;
  /** Fields besides the name (a product's category). */
  fields?: (form: UseFormReturn<any, any, any>) => ReactNode;
  /** Why the button is off for now ("Select a product first"), or undefined when it is on. */
  disabledReason?: string;
  onCreated: (id: number) => void;
}) {
  const { can } = usePermissions();
  const [isOpen, setOpen] = useState(false);
  if (!can(permission)) return null;
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        aria-label={`New ${noun}`}
        title={disabledReason ?? `New ${noun}`}
        disabled={Boolean(disabledReason)}
        onClick={() => setOpen(true)}
      >
        + New
      </Button>
      {isOpen && (
        <QuickCreateDialog
          spec={spec}
          noun={noun}
          fixed={fixed}
          fields={fields}
          onClose={() => setOpen(false)}
          onCreated={(id) => {
            setOpen(false);
            onCreated(id);
          }}
        />
      )}
    </>
  );
}

function QuickCreateDialog<Schema extends z.ZodType<FieldValues, FieldValues>>({
  spec,
  noun,
  fixed,
  fields,
  onClose,
  onCreated,
}: {
  spec: RecordFormSpec<Schema, any>;
  noun: string;
  fixed: Record<string, unknown>;
  fields?: (form: UseFormReturn<any, any, any>) => ReactNode;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const [failure, setFailure] = useState<string>();
  const write = useWrite(
    (body: z.output<Schema>) =>
      call(spec.save, { body } as never) as Promise<unknown> as Promise<{ message: string; data?: unknown }>,
    [...resourcesOf(spec.save), ...(spec.refreshes ?? [])],
  );
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(spec.schema as never),
    mode: 'onTouched',
    defaultValues: { name: '', ...fixed } as DefaultValues<z.input<Schema>>,
  });
  const submit = form.handleSubmit(async (input) => {
    setFailure(undefined);
    try {
      const answer = await write.mutateAsync(input);
      const id = createdId(answer.data);
      if (id === undefined) throw new Error(`The new ${noun} came back without its number.`);
      onCreated(id);
    } catch (err) {
      applyServerErrors(err, form.setError);
      setFailure(errorMessage(err, `Failed to create ${noun}. Please try again.`));
    }
  });
  const nameError = form.formState.errors.name?.message;
  return (
    <NewRecordDialog
      title={`New ${noun}`}
      failure={failure}
      saving={write.isPending}
      saveLabel="Save"
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <TextInput
        label="Name"
        data-autofocus
        {...form.register('name' as never)}
        error={typeof nameError === 'string' ? nameError : undefined}
      />
      {fields?.(form)}
    </NewRecordDialog>
  );
}
