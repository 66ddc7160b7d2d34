import { formatDay, formatMoney, type PAYMENT_LABELS, paymentLabel } from '@duka/shared';
import { dateFilter } from '../../components/list/date-filter.tsx';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';

interface SaleRow {
  id: number;
  sale_number: string;
  customer_name: string;
  customer_phone: string;
  discount: number;
  total_amount: number;
  payment_method: keyof typeof PAYMENT_LABELS;
  /** Every method the sale was paid by (issue 13). */
  payment_methods?: string[];
  user: { name: string } | null;
  created_at: string;
}

/** One method's name, or Split with the methods when the sale was paid by more than one. */
const paymentMethods = (s: SaleRow) => {
  const methods = s.payment_methods ?? [];
  return methods.length > 1
    ? `Split (${methods.map(paymentLabel).join(', ')})`
    : paymentLabel(methods[0] ?? s.payment_method);
};

export function SalesListPage() {
  return (
    <ListPage<SaleRow>
      title="Sales"
      trail={[{ label: 'Sales' }]}
      endpoint="/saleslist"
      exports={{ permission: 'salesExport', xlsx: '/salexlsx', csv: '/salecsv', name: 'sales' }}
      filters={dateFilter('salesFilter')}
      columns={[
        { header: 'SALE NUMBER', cell: (s) => s.sale_number },
        { header: 'CUSTOMER NAME', cell: (s) => s.customer_name },
        { header: 'PHONE NUMBER', cell: (s) => s.customer_phone },
        { header: 'DISCOUNT', cell: (s) => `${s.discount}%`, align: 'right' },
        { header: 'TOTAL AMOUNT', cell: (s) => formatMoney(s.total_amount), align: 'right' },
        { header: 'PAYMENT METHOD', cell: paymentMethods },
        { header: 'CREATED BY', cell: (s) => s.user?.name ?? 'N/A' },
        { header: 'DATE', cell: (s) => formatDay(s.created_at) },
      ]}
      rowActions={(s) => (
        <RowMenu
          actions={[
            { label: 'Receipt', permission: 'salesReceipt', to: `/salesreceipt/${s.id}` },
            { label: 'Invoice', permission: 'salesInvoice', to: `/salesinvoice/${s.id}` },
            { label: 'Return', permission: 'salesReturn', to: `/salesreturn/${s.id}` },
          ]}
        />
      )}
    />
  );
}
