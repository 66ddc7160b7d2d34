import { EXPENSE_FUTURE_MESSAGE, formatDay, PAYMENT_LABELS, PAYMENT_METHODS } from '@duka/shared';
import { Autocomplete, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { errorMessage } from '../../api/client.ts';
import { useExpenseCategories, useExpenseSuppliers } from '../../api/expenses.ts';
import { FieldDayInput } from '../../components/dates/FieldDayInput.tsx';
import { AmountInput } from '../../components/form/AmountInput.tsx';
import { FieldSelect } from '../../components/form/FieldSelect.tsx';

/** The expense fields of create and update. The category offers the usual ones and every one used before. */
export function ExpenseFields({ form }: { form: UseFormReturn<any, any, any> }) {
  const { control, register } = form;
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  const categories = useExpenseCategories();
  const suppliers = useExpenseSuppliers();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <FieldDayInput
        control={control}
        name="expense_date"
        label="Expense date"
        maxDate={formatDay(new Date())}
        tooLate={EXPENSE_FUTURE_MESSAGE}
      />
      <Controller
        control={control}
        name="category"
        render={({ field }) => (
          <Autocomplete
            label="Category"
            placeholder="Rent, Transport…"
            data={categories.data ?? []}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            maxLength={100}
            error={errors.category?.message ?? (categories.isError ? errorMessage(categories.error) : undefined)}
          />
        )}
      />
      <AmountInput form={form} name="amount" label="Amount (UGX)" decimalScale={0} />
      <FieldSelect
        control={control}
        name="payment_method"
        label="Payment method"
        placeholder="Select payment method"
        data={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_LABELS[m] }))}
      />
      <TextInput
        label="Reference"
        description="Optional: a mobile-money transaction id, receipt or cheque number"
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        maxLength={100}
        {...register('reference')}
        error={errors.reference?.message}
      />
      <Controller
        control={control}
        name="supplier_id"
        render={({ field }) => (
          <Select
            label="Supplier"
            placeholder="Optional"
            searchable
            clearable
            data={(suppliers.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            value={field.value ? String(field.value) : null}
            onChange={(v) => field.onChange(v ? Number(v) : null)}
            error={errors.supplier_id?.message ?? (suppliers.isError ? errorMessage(suppliers.error) : undefined)}
          />
        )}
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxLength={500}
        {...register('description')}
        error={errors.description?.message}
      />
    </SimpleGrid>
  );
}
