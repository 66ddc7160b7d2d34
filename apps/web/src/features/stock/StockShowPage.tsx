import { formatMoney, formatQuantity } from '@duka/shared';
import { Button, Group, Menu, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { datedName, downloadFile } from '../../api/download.ts';
import { useRecord } from '../../api/lists.ts';
import { FormAlerts } from '../../components/FormAlerts.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { RecordTable } from '../../components/RecordTable.tsx';
import type { StockRecord } from './stock-types.ts';

const orNA = (value: string | null | undefined) => value || 'N/A';

/** One batch, read-only, with its PDF. A failed load says why (the seeds' screen failed silently). */
export function StockShowPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const batch = useRecord<StockRecord>('/stockshow', id);
  const [error, setError] = useState<string>();
  if (batch.isPending) return <PageLoader />;
  const s = batch.data;
  const rows: [string, string][] = s
    ? [
        ['Batch Number', orNA(s.batch_number)],
        ['Product', orNA(s.product_name)],
        ['Brand', orNA(s.brand_name)],
        ['Unit', orNA(s.measurement_name)],
        ['Quantity', formatQuantity(s.quantity)],
        ['Unit Price', formatMoney(s.unit_price)],
        ['Total Cost', formatMoney(s.total_cost)],
        ['Sale Price', formatMoney(s.sale_price)],
        ['Minimum Stock Level', formatQuantity(s.min_stock_level)],
        ['Quantity In Stock', formatQuantity(s.balance)],
        ['Supplier', orNA(s.supplier_name)],
        ['Stock Date', orNA(s.stock_date)],
        ['Environment', orNA(s.environment)],
      ]
    : [];
  const exportPdf = () =>
    downloadFile(`/stockpdf/${id}`, datedName(`stock_${id}`, 'pdf')).catch((e) =>
      setError(errorMessage(e, 'The export failed. Please try again.')),
    );
  return (
    <>
      <PageHeader title="Stock Details" trail={[{ label: 'Stock', to: '/stocklist' }, { label: 'View' }]} />
      {batch.isError && <FormAlerts state={{ error: errorMessage(batch.error) }} onClose={() => batch.refetch()} />}
      <FormAlerts state={{ error }} onClose={() => setError(undefined)} />
      <Paper p="lg" withBorder maw={720}>
        <Group justify="space-between" mb="md">
          <Button variant="default" onClick={() => navigate(-1)}>
            Back
          </Button>
          {s && (
            <Menu>
              <Menu.Target>
                <Button variant="light">Actions</Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={exportPdf}>Export PDF</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        {rows.length === 0 ? <Text ta="center">No records found.</Text> : <RecordTable rows={rows} labelWidth={220} />}
      </Paper>
    </>
  );
}
