import { formatMoney, formatQuantity } from '@duka/shared';
import { Select } from '@mantine/core';
import { useState } from 'react';
import { useLineBatches } from '../../api/sales.ts';
import { baseUnitOf, type CartLine } from './cart.ts';

interface Props {
  line: CartLine;
  onChange: (batch: { batchNumber: string; salePrice: number; balance: number }) => void;
}

/**
 * A cart line's batch: the oldest with stock when it was added; the cashier may pick another batch of the same
 * product, brand and base unit (its own price per base unit). The other batches are asked for only when the list
 * opens.
 */
export function LineBatchSelect({ line, onChange }: Props) {
  const [isOpen, setOpen] = useState(false);
  // Batches are of the line's base unit, whatever unit the line is sold in; their prices are per base unit.
  const batches = useLineBatches({ ...line, measurementId: baseUnitOf(line).id }, isOpen);
  const options = batches.data?.length
    ? batches.data.map((b) => ({
        value: b.batch_number,
        label: `${b.batch_number} · ${formatMoney(b.sale_price)} · ${formatQuantity(b.balance)} left`,
      }))
    : [{ value: line.batchNumber, label: line.batchNumber }];
  return (
    <Select
      aria-label={`${line.product} batch`}
      size="xs"
      variant="unstyled"
      w="auto"
      maw={260}
      comboboxProps={{ width: 320, position: 'bottom-start' }}
      data={options}
      value={line.batchNumber}
      allowDeselect={false}
      onDropdownOpen={() => setOpen(true)}
      nothingFoundMessage={batches.isFetching ? 'Loading...' : undefined}
      onChange={(value) => {
        const batch = batches.data?.find((b) => b.batch_number === value);
        if (batch) onChange({ batchNumber: batch.batch_number, salePrice: batch.sale_price, balance: batch.balance });
      }}
    />
  );
}
