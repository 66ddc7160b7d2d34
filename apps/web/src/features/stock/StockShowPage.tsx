import { API } from 'virtual:contract-addresses';
import { formatMoney, formatQuantity } from '@duka/shared';
import { Text } from '@mantine/core';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { useStockBatch } from '../../api/stock.ts';
import { FormAlerts } from '../../components/FormAlerts.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { RecordTable } from '../../components/RecordTable.tsx';
import { PdfActions, ShowFrame } from '../../components/ShowFrame.tsx';

const orNA = (value: string | null | undefined) => value || 'N/A';

/** One batch, read-only, with its PDF. A failed load says why (the original client's screen failed silently). */
export function StockShowPage() {
  const { id } = useParams();
  const batch = useStockBatch(id);
  if (batch.isPending) return <PageLoader />;
  const s = batch.data;
  const rows: [string, string][] = s
    ? [
        ['Batch Number', orNA(s.batch_number)],
        ['Product', orNA(s.product_name)],
        ['Brand', orNA(s.brand_name)],
        ['Unit', orNA(s.measurement_name)],
        ['Quantity', formatQuantity(s.quantity)],
        // Received in another unit of the product: "2 Tonnes = 40 Bags".
        ...(s.received_as ? [['Received As', s.received_as] as [string, string]] : []),
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
  return (
    <ShowFrame
      title="Stock Details"
      trail={[{ label: 'Stock', to: '/stocklist' }, { label: 'View' }]}
      notice={
        batch.isError && <FormAlerts state={{ error: errorMessage(batch.error) }} onClose={() => batch.refetch()} />
      }
      actions={(onError) =>
        s && <PdfActions endpoint={API.stock.pdf} id={s.id} name={`stock_${id}`} onError={onError} />
      }
      maw={720}
    >
      {rows.length === 0 ? <Text ta="center">No records found.</Text> : <RecordTable rows={rows} labelWidth={220} />}
    </ShowFrame>
  );
}
