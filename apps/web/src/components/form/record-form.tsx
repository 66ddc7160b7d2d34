import { DEFAULT_ENVIRONMENT, type Endpoint } from '@duka/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Paper } from '@mantine/core';
import { type ComponentType, type ReactNode, useEffect } from 'react';
import { Controller, type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { ApiError, call, errorMessage } from '../../api/client.ts';
import { useRecord, useWrite } from '../../api/lists.ts';
import { type Resource, resourcesOf } from '../../api/queries.ts';
import { FormActions } from '../FormActions.tsx';
import { FormAlerts } from '../FormAlerts.tsx';
import { PageHeader } from '../PageHeader.tsx';
import { PageLoader } from '../PageLoader.tsx';
import { AfterSaveChoice } from './AfterSaveChoice.tsx';
import { EnvironmentChoice } from './EnvironmentChoice.tsx';
import { MoreOptions } from './MoreOptions.tsx';
import { useSaveFlow } from './save-flow.ts';

// The form kit: the create/update skeleton every record screen repeated, once. A screen declares its schema, calls and
// empty values, and renders only its fields: load (update) → validate with the shared schema → save → after-save
// choice (create) or back to the list (update), with the banners and the server's field errors.

export interface RecordFormSpec<Schema extends z.ZodType<FieldValues, FieldValues>, Loaded = unknown> {
  /** "Expense": the title ("Create Expense"), the crumb and the fallback error. */
  label: string;
  /** The list screen, where the form returns. */
  list: string;
  /** Crumb of the list, when it is not the label ("Expenses"). */
  listLabel?: string;
  schema: Schema;
  /** The store endpoint (create) or the update endpoint (update, called with the address's :id). */
  save: Endpoint;
  /** The record's show endpoint (update). */
  show?: Endpoint;
  /** Other resources that show the record (lookups, reports), refreshed after a save with the record's own. */
  refreshes?: readonly Resource[];
  /** The create form's empty values; a function when they depend on the day (a date field starting at today). */
  empty?: DefaultValues<z.input<Schema>> | (() => DefaultValues<z.input<Schema>>);
  /** The loaded record as the update form's values. */
  toValues?: (record: Loaded) => DefaultValues<z.input<Schema>>;
  /** Records kept apart by environment: the create form has the Environment field, starting at Production, under
   * "More options" (the server takes Production when it is not sent). */
  environment?: boolean;
  /** Fields "Save and stay" carries to the next record (a product's category); the environment always is. */
  keep?: readonly string[];
  /** A create screen that always returns to the list, without the after-save choice (a write-off). */
  noChoice?: boolean;
  /** The title, when it is not "Create Label" / "Update Label". */
  title?: string;
  /** The banner of a failed save the server did not explain, when not "Failed to create label…". */
  failure?: string;
  /** The form's greatest width, for short forms whose fields would otherwise stretch across the screen. */
  width?: number;
  /** Runs between a save and the after-save step, which `done` starts (a new user's one-time password dialog). */
  confirm?: (answer: SaveAnswer, done: () => void) => void;
  /** The field a 409 of the save is about (a phone number another customer has): its message shows under it too. */
  conflictField?: string;
}

export type SaveAnswer = { message: string; data?: any };

/** A create form's starting values, made afresh each time (a date field starts at today, not at the page's load). */
function emptyValues<Schema extends z.ZodType<FieldValues, FieldValues>>(spec: RecordFormSpec<Schema, any>) {
  const empty = typeof spec.empty === 'function' ? spec.empty() : spec.empty;
  return { ...(spec.environment ? { environment: DEFAULT_ENVIRONMENT } : {}), ...empty } as DefaultValues<
    z.input<Schema>
  >;
}

/** The next record's values after "Save and stay": empty ones, with the environment and the `keep` fields carried. */
function nextValues(
  empty: Record<string, unknown> | undefined,
  saved: Record<string, unknown>,
  keep: readonly string[],
) {
  const next = { ...empty };
  for (const field of ['environment', ...keep]) if (field in saved) next[field] = saved[field];
  return next;
}

export type RecordForm<Schema extends z.ZodType<FieldValues, FieldValues>> = UseFormReturn<
  z.input<Schema>,
  unknown,
  z.output<Schema>
>;

/** The hook: a create form when the spec has no `show`, an update form of the address's :id when it has. */
export function useRecordForm<Schema extends z.ZodType<FieldValues, FieldValues>, Loaded = unknown>(
  spec: RecordFormSpec<Schema, Loaded>,
) {
  const { id } = useParams();
  const isUpdate = Boolean(spec.show);
  const record = useRecord(spec.show, isUpdate ? id : undefined) as ReturnType<typeof useRecord> & {
    data: Loaded | undefined;
  };
  const flow = useSaveFlow(spec.list, { offersChoice: !isUpdate && !spec.noChoice });
  const write = useWrite(
    (body: z.output<Schema>) =>
      call(spec.save, {
        ...(isUpdate && { params: { id } }),
        body,
      } as never) as Promise<unknown> as Promise<SaveAnswer>,
    [...resourcesOf(spec.save), ...(spec.refreshes ?? [])],
  );
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(spec.schema as never),
    // A corrected field clears its message at once (the original client re-checks on input, blur and change).
    mode: 'onTouched',
    defaultValues: emptyValues(spec),
  });
  const { toValues } = spec;
  useEffect(() => {
    if (record.data && toValues) form.reset(toValues(record.data));
  }, [record.data, form, toValues]);

  const submit = form.handleSubmit(async (input) => {
    flow.clearAlerts();
    try {
      const answer: SaveAnswer = await write.mutateAsync(input);
      // "Save and stay" on a create form starts a fresh one.
      const done = () =>
        flow.succeeded(answer.message, () =>
          form.reset(nextValues(emptyValues(spec), input, spec.keep ?? []) as never),
        );
      if (spec.confirm) spec.confirm(answer, done);
      else done();
    } catch (err) {
      const verb = isUpdate ? 'update' : 'create';
      const fallback = spec.failure ?? `Failed to ${verb} ${spec.label.toLowerCase()}. Please try again.`;
      flow.failed(err, fallback, form.setError);
      if (spec.conflictField && err instanceof ApiError && err.status === 409)
        form.setError(spec.conflictField as never, { type: 'server', message: err.message });
    }
  });
  return { form, flow, record, submit, saving: write.isPending, isUpdate };
}

/** The page frame around a kit form: header, banners, the fields, the after-save choice (create) and the buttons. */
export function RecordFormPage<Schema extends z.ZodType<FieldValues, FieldValues>, Loaded>({
  spec,
  kit,
  children,
}: {
  spec: RecordFormSpec<Schema, Loaded>;
  kit: ReturnType<typeof useRecordForm<Schema, Loaded>>;
  children: ReactNode;
}) {
  const { flow, record, isUpdate } = kit;
  if (isUpdate && record.isPending) return <PageLoader />;
  const verb = isUpdate ? 'Update' : 'Create';
  return (
    <>
      <PageHeader
        title={spec.title ?? `${verb} ${spec.label}`}
        trail={[{ label: spec.listLabel ?? spec.label, to: spec.list }, { label: verb }]}
      />
      {record.isError && <FormAlerts state={{ error: errorMessage(record.error) }} onClose={() => record.refetch()} />}
      <FormAlerts state={flow.alerts} onClose={flow.clearAlerts} />
      <Paper p="lg" withBorder maw={spec.width}>
        <form onSubmit={kit.submit} noValidate>
          {children}
          {!isUpdate && spec.environment && <EnvironmentField form={kit.form} />}
          {!isUpdate && !spec.noChoice && <AfterSaveChoice value={flow.afterSave} onChange={flow.setAfterSave} />}
          <FormActions saving={kit.saving} />
        </form>
      </Paper>
    </>
  );
}

/** A screen whose only own part is its fields component: the kit's hook and page frame around it. */
export function RecordFieldsPage<Schema extends z.ZodType<FieldValues, FieldValues>, Loaded>({
  spec,
  fields: Fields,
}: {
  spec: RecordFormSpec<Schema, Loaded>;
  fields: ComponentType<{ form: UseFormReturn<any, any, any> }>;
}) {
  const kit = useRecordForm(spec);
  return (
    <RecordFormPage spec={spec} kit={kit}>
      <Fields form={kit.form} />
    </RecordFormPage>
  );
}

/** The one Environment field of a kit form, bound to its `environment` value, folded under "More options". */
function EnvironmentField({ form }: { form: UseFormReturn<any, any, any> }) {
  return (
    <Controller
      control={form.control}
      name="environment"
      render={({ field, fieldState }) => (
        <MoreOptions hasError={Boolean(fieldState.error)}>
          <EnvironmentChoice value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
        </MoreOptions>
      )}
    />
  );
}
