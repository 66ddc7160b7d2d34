import { formatDay, formatMoney, formatQuantity, type PAYMENT_LABELS, type UnitName, unitLabel } from '@duka/shared';
import { Alert, Button, Group, Image, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useBranding } from '../../api/auth.ts';
import { api, errorMessage } from '../../api/client.ts';
import { useRecord } from '../../api/lists.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { figures, TableHead } from '../../components/TableHead.tsx';

export interface SaleItem {
  id: number;
  quantity: number;
  unit_price: number;
  total_price: number;
  batch_number: string;
  product: { name: string };
  brand: { name: string };
  measurement: UnitName;
}
export interface Sale {
  id: number;
  sale_number: string;
  customer_name: string;
  customer_phone: string;
  customer_email: string | null;
  customer_address: string | null;
  discount: number;
  subtotal: number;
  discount_amount: number;
  total_amount: number;
  /** The rate in force when the sale was made (0 when not VAT-registered) and the VAT inside the total. */
  vat_rate: number;
  vat_amount: number;
  payment_method: keyof typeof PAYMENT_LABELS;
  notice: string | null;
  created_at: string;
  user: { name: string } | null;
  items: SaleItem[];
  /** The till (issue 13): receipt number, payments, change, returns and the quantity returned per line id. */
  receipt_number: number | null;
  change_given: number;
  amount_tendered: number;
  payments: { method: string; amount: number; reference: string | null }[];
  returns: {
    id: number;
    return_number: number;
    refund_amount: number;
    refund_method: string;
    refund_reference: string | null;
    reason: string;
    created_at: string;
  }[];
  returned: Record<string, number>;
}
type Business = Record<string, string>;

/** The sale, the business details and the logo a receipt or an invoice prints. */
export function useSaleDocument() {
  const { id } = useParams();
  const sale = useRecord<Sale>('/saleshow', id);
  const business = useQuery({
    queryKey: ['/getbusinessinfosettings'],
    queryFn: async () => (await api<{ data: Business }>('GET', '/getbusinessinfosettings')).data,
  });
  const branding = useBranding();
  return { sale, business: business.data ?? {}, logo: branding.data?.logo ?? '/logo.svg' };
}

/**
 * Frame of a printable document. Print opens the same page alone in a new window (`?print=1`) and prints it there;
 * in that window the shell is hidden and printing starts by itself.
 */
export function SaleDocumentFrame({
  kind,
  pageSize,
  loaded,
  error,
  children,
}: {
  kind: 'receipt' | 'invoice' | 'returnreceipt' | 'cashupreport';
  pageSize: string;
  loaded: boolean;
  error?: unknown;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const { id } = useParams();
  const [params] = useSearchParams();
  const printing = params.get('print') === '1';
  const [popupBlocked, setPopupBlocked] = useState(false);
  useEffect(() => {
    if (printing && loaded) setTimeout(() => window.print(), 300);
  }, [printing, loaded]);
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (!loaded) return <PageLoader />;
  const print = () => {
    const popup = window.open(`/sales${kind}/${id}?print=1`, '_blank', 'width=900,height=700');
    setPopupBlocked(!popup);
  };
  return (
    <>
      <style>{`@page { size: ${pageSize}; margin: 8mm; }`}</style>
      {!printing && (
        <Group mb="md" className="no-print">
          <Button variant="default" onClick={() => navigate(-1)}>
            Back
          </Button>
          <Button onClick={print}>Print</Button>
        </Group>
      )}
      {popupBlocked && (
        <Alert color="yellow" mb="md" className="no-print" withCloseButton onClose={() => setPopupBlocked(false)}>
          Please allow popups for this site to print the {kind}.
        </Alert>
      )}
      {children}
    </>
  );
}

export function BusinessHeader({
  business,
  logo,
  title,
  number,
  date,
}: {
  business: Business;
  logo: string;
  title: string;
  number: string;
  date: string;
}) {
  return (
    <Group justify="space-between" align="flex-start" gap="xs">
      <Stack gap={2}>
        <Image src={logo} fallbackSrc="/logo.svg" alt="Logo" h={48} w="auto" fit="contain" />
        <Text fw={700}>{business.business_name || 'Duka'}</Text>
        {business.business_address && <Text size="sm">{business.business_address}</Text>}
        {business.business_contact && <Text size="sm">Tel: {business.business_contact}</Text>}
        {business.business_tin && <Text size="sm">TIN: {business.business_tin}</Text>}
      </Stack>
      <Stack gap={2} align="flex-end">
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text size="sm">No: {number}</Text>
        <Text size="sm">Date: {formatDay(date)}</Text>
      </Stack>
    </Group>
  );
}

/** Who the receipt or invoice is from (part 2 §2.7). */
export function FromBlock({ business }: { business: Business }) {
  return (
    <Stack gap={2}>
      <Text fw={700} size="sm">
        From
      </Text>
      <Text size="sm">{business.business_name || 'Duka'}</Text>
      {business.business_email && <Text size="sm">{business.business_email}</Text>}
      {business.business_website && <Text size="sm">{business.business_website}</Text>}
    </Stack>
  );
}

export function ItemsTable({ items }: { items: SaleItem[] }) {
  return (
    <Table withTableBorder my="md" fz="sm">
      <TableHead headings={['Item', ...figures('Qty', 'Price', 'Total')]} />
      <Table.Tbody>
        {items.map((i) => (
          <Table.Tr key={i.id}>
            <Table.Td>
              {i.product.name} — {i.brand.name} ({unitLabel(i.quantity, i.measurement)})
            </Table.Td>
            <Table.Td ta="right">{formatQuantity(i.quantity)}</Table.Td>
            <Table.Td ta="right">{formatMoney(i.unit_price)}</Table.Td>
            <Table.Td ta="right">{formatMoney(i.total_price)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export const TotalLine = ({ label, amount, strong }: { label: string; amount: string; strong?: boolean }) => (
  <Group justify="space-between">
    <Text fw={strong ? 700 : 400}>{label}</Text>
    <Text fw={strong ? 700 : 400} data-testid={`total-${label.toLowerCase().replace(/[^a-z]/g, '')}`}>
      {amount}
    </Text>
  </Group>
);

/**
 * The VAT line, from what the sale stored (never today's rate). Prices include VAT, so it is part of the total, not
 * added to it; a sale made while the business was not registered shows 0 as the seeds do.
 */
export const VatLine = ({ sale, word }: { sale: Pick<Sale, 'vat_rate' | 'vat_amount'>; word: 'VAT' | 'Tax' }) => (
  <Group justify="space-between">
    <Text>{sale.vat_rate > 0 ? `${word} ${sale.vat_rate}% (included)` : `${word} (0%)`}</Text>
    <Text data-testid="total-vat">{formatMoney(sale.vat_amount)}</Text>
  </Group>
);
