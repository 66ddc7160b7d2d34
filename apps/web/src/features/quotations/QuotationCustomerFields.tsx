import type { CustomerChoice } from '@duka/shared';
import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { withLeadingZero } from '../profile/phone.ts';
import { CustomerSearchField } from '../sales/CustomerPicker.tsx';

// Who a quotation is for: a customer of the debt book, found as their name or phone is typed (the POS's picker), or
// anyone else by the name and phone typed. A chosen customer's own name and phone fill the two fields, shown in their
// place until cleared.

type Form = UseFormReturn<any, any, any>;

export function QuotationCustomerFields({ form }: { form: Form }) {
  const customerId = form.watch('customer_id') as number | undefined;
  const choose = (customer: CustomerChoice) => {
    form.setValue('customer_id', customer.id);
    form.setValue('customer_name', customer.name, { shouldValidate: form.formState.isSubmitted });
    form.setValue('customer_phone', customer.phone_number, { shouldValidate: form.formState.isSubmitted });
  };
  const clear = () => {
    form.setValue('customer_id', undefined);
  };
  const idError = form.formState.errors.customer_id?.message as string | undefined;
  if (customerId)
    return (
      <Paper withBorder px="sm" py="xs" role="group" aria-label="Customer account" data-testid="quotation-customer">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0}>
            <Text fw={700}>{form.watch('customer_name')}</Text>
            <Text size="sm">{form.watch('customer_phone')}</Text>
            {idError && (
              <Text c="red" size="sm" role="alert">
                {idError}
              </Text>
            )}
          </Stack>
          <Button variant="default" size="compact-sm" onClick={clear} aria-label="Clear customer">
            Clear
          </Button>
        </Group>
      </Paper>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Controller
        control={form.control}
        name="customer_name"
        render={({ field, fieldState }) => (
          <CustomerSearchField
            label="Customer Name"
            description="Type to find a customer of the debt book, or any name"
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            maxLength={150}
            value={field.value ?? ''}
            onValueChange={field.onChange}
            onChoose={choose}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="customer_phone"
        render={({ field, fieldState }) => (
          <CustomerSearchField
            label="Customer Phone"
            inputMode="numeric"
            maxLength={18}
            value={field.value ?? ''}
            onValueChange={(phone) => field.onChange(withLeadingZero(phone))}
            onChoose={choose}
            error={fieldState.error?.message}
          />
        )}
      />
    </SimpleGrid>
  );
}
