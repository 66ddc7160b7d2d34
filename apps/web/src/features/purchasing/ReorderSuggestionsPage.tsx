import { API } from 'virtual:contract-addresses';
import { formatMoney, formatQuantity, NO_BRAND, type ReorderSuggestion, unitLabel } from '@duka/shared';
import { Button, Checkbox, Group, Paper, Select, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useOptions } from '../../api/catalogue.ts';
import { errorMessage } from '../../api/client.ts';
import { useReorderSuggestions } from '../../api/purchasing.ts';
import { FormAlerts } from '../../components/FormAlerts.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { figures, TableHead } from '../../components/TableHead.tsx';
import { TableScroll } from '../../components/TableScroll.tsx';
import { draftFromSuggestions } from './reorder-draft.ts';

/**
 * What to order again from a supplier: the products last bought from them whose stock is at or below its minimum,
 * each with what would cover 30 days' sales and the minimum. The ticked ones become a draft order on the order form,
 * checked and saved there.
 */
export function ReorderSuggestionsPage() {
  const navigate = useNavigate();
  const suppliers = useOptions(API.supplier.names);
  const [supplierId, setSupplierId] = useState<number>();
  // Products whose tick the buyer changed: a suggestion of something to order starts ticked.
  const [changed, setChanged] = useState<ReadonlySet<number>>(new Set());
  const suggestions = useReorderSuggestions(supplierId);
  const rows = suggestions.data ?? [];
  const isTicked = (s: ReorderSuggestion) => s.suggested_quantity > 0 !== changed.has(s.product_id);
  const ticked = rows.filter(isTicked);
  const toggle = (productId: number) =>
    setChanged((current) => {
      const next = new Set(current);
      if (!next.delete(productId)) next.add(productId);
      return next;
    });
  const createDraft = () => {
    if (supplierId === undefined) return;
    navigate('/purchaseordercreate', { state: { draft: draftFromSuggestions(supplierId, ticked) } });
  };
  return (
    <>
      <PageHeader
        title="Reorder Suggestions"
        trail={[{ label: 'Purchase Orders', to: '/purchaseorderlist' }, { label: 'Reorder Suggestions' }]}
      />
      {suggestions.isError && (
        <FormAlerts state={{ error: errorMessage(suggestions.error) }} onClose={() => suggestions.refetch()} />
      )}
      <Paper p="lg" withBorder maw={1100}>
        <Group justify="space-between" align="flex-end" mb="md">
          <Select
            label="Supplier"
            placeholder="Select supplier"
            searchable
            nothingFoundMessage="Nothing found"
            w={320}
            data={(suppliers.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            value={supplierId ? String(supplierId) : null}
            onChange={(v) => {
              setSupplierId(v ? Number(v) : undefined);
              setChanged(new Set());
            }}
            error={suppliers.isError ? errorMessage(suppliers.error) : undefined}
          />
          <Button disabled={ticked.length === 0} onClick={createDraft}>
            Create draft order
          </Button>
        </Group>
        {supplierId === undefined ? (
          <Text c="dimmed">Choose a supplier to see what to order from them again.</Text>
        ) : suggestions.isPending ? (
          <PageLoader />
        ) : rows.length === 0 ? (
          <Text>Nothing bought from this supplier is at or below its minimum stock level.</Text>
        ) : (
          <TableScroll label="Reorder suggestions" minWidth={900}>
            <Table withTableBorder striped>
              <TableHead
                headings={[
                  { label: 'Order', w: 60 },
                  'Product',
                  'Brand',
                  'Unit',
                  ...figures('Balance', 'Minimum', 'Sold in 30 Days', 'Suggested Quantity', 'Last Unit Cost'),
                ]}
              />
              <Table.Tbody>
                {rows.map((s) => (
                  <Table.Tr key={s.product_id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Order ${s.product_name}`}
                        checked={isTicked(s)}
                        onChange={() => toggle(s.product_id)}
                      />
                    </Table.Td>
                    <Table.Td>{s.product_name}</Table.Td>
                    <Table.Td>{s.brand?.name ?? NO_BRAND}</Table.Td>
                    <Table.Td>{unitLabel(1, s.base_unit)}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(s.balance)}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(s.min_stock_level)}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(s.sold_30_days)}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(s.suggested_quantity)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(Math.round(s.last_unit_cost))}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
      </Paper>
    </>
  );
}
