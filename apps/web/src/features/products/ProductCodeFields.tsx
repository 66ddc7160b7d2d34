import { Group, TextInput } from '@mantine/core';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';

interface Codes {
  barcode?: unknown;
  sku?: unknown;
}

/** Barcode and SKU, both optional; the create and update forms share them. A scanner may type into Barcode. */
export function ProductCodeFields<T extends Codes>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  const reg = register as unknown as UseFormRegister<Codes>;
  const errs = errors as FieldErrors<Codes>;
  return (
    <Group grow mt="md" align="flex-start">
      <TextInput
        label="Barcode"
        description="Optional: scan it or type the digits"
        maxLength={64}
        autoComplete="off"
        // A scanner ends with Enter: keep it from submitting the form before the cashier checks the rest.
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.preventDefault();
        }}
        {...reg('barcode')}
        error={errs.barcode?.message as string | undefined}
      />
      <TextInput
        label="SKU"
        description="Optional: your own stock code"
        maxLength={64}
        autoComplete="off"
        {...reg('sku')}
        error={errs.sku?.message as string | undefined}
      />
    </Group>
  );
}
