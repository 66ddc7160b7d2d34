import {
  type BusinessInfoShown,
  formatDay,
  formatMoney,
  formatQuantity,
  type SaleLineShown,
  type SaleShown,
  unitLabel,
} from '@duka/shared';
import { Alert, Button, Group, Image, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { isAwaiting } from '../../api/queries.ts';
import { useBusinessInfo, useSale } from '../../api/sales.ts';
import { useBranding } from '../../api/settings.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { figures, TableHead } from '../../components/TableHead.tsx';

/** The business details a document prints: none when they were never known offline. */
type Business = Partial<BusinessInfoShown>;

/**
 * The shop's details a document prints (its header, address, TIN and disclaimer), and whether they have come (or
 * will not: offline, never kept). A document that prints them waits for them: shown or printed before, it would
 * grow under the reader, or leave the printer headed "Duka".
 */
export function usePrintedBusiness() {
  const business = useBusinessInfo();
  return { business: business.data ?? {}, hasBusiness: !isAwaiting(business) };
}

/** The sale, the business details and the logo a receipt or an invoice prints. */
export function useSaleDocument() {
  const { id } = useParams();
  const sale = useSale(id);
  const branding = useBranding();
  return { sale, ...usePrintedBusiness(), logo: branding.data?.logo ?? '/logo.svg' };
}

/** A receipt's head: the logo and the business once, with its address, phone, e-mail and TIN. */
export function ReceiptBusinessHeader({ business, logo }: { business: Business; logo: string }) {
  return (
    <Stack gap={2} align="center">
      <Image src={logo} fallbackSrc="/logo.svg" alt="Logo" h={40} w="auto" fit="contain" />
      <Text fw={700}>{business.business_name || 'Duka'}</Text>
      {business.business_address && <Text size="xs">{business.business_address}</Text>}
      {business.business_contact && <Text size="xs">Tel: {business.business_contact}</Text>}
      {business.business_email && <Text size="xs">{business.business_email}</Text>}
      {business.business_tin && <Text size="xs">TIN: {business.business_tin}</Text>}
    </Stack>
  );
}

/** A receipt's foot: the thanks and the shop's disclaimer. */
export function ReceiptThanks({ business }: { business: Business }) {
  return (
    <>
      <Text ta="center" fw={700} size="sm">
        THANK YOU FOR YOUR PURCHASE!
      </Text>
      {business.business_legal_disclaimer && (
        <Text ta="center" size="xs" c="dimmed" mt={4}>
          {business.business_legal_disclaimer}
        </Text>
      )}
    </>
  );
}

/** A roll of receipt paper as a document asks for it: `80mm auto`, the width and a length that is the document's. */
const ROLL = /^(\d+(?:\.\d+)?)mm auto$/;
/** A roll's margins: what a thermal printer leaves unprinted at the edges (72 mm printed on 80 mm paper). */
const ROLL_MARGIN_MM = 4;
/** Paper fed after the last line, so the tear-off edge does not cut it. */
const ROLL_TAIL_MM = 8;
const mmOf = (px: number) => (px * 25.4) / 96;

/**
 * The printed page's `@page` rule around a document. CSS has no page as long as its content (`size: 80mm auto` is
 * not CSS, and Chromium printed such receipts on its default US Letter), so a roll's length is the document's own
 * height, measured as it shows: on screen the receipt is drawn at the width it prints (app/print.css). The rule is
 * written as it is measured, in the same frame, and again just before printing: a rule written by a later render
 * could be printed stale, its receipt running onto a second page.
 */
export function PrintedPage({ pageSize, children }: { pageSize: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const rule = useRef<HTMLStyleElement>(null);
  const rollWidth = pageSize.match(ROLL)?.[1];
  useLayoutEffect(() => {
    const element = box.current;
    const style = rule.current;
    if (!element || !style) return;
    if (!rollWidth) {
      style.textContent = `@page { size: ${pageSize}; margin: 8mm; }`;
      return;
    }
    // What shows only on screen (a button inside the receipt) takes no paper.
    const measure = () => {
      let height = element.getBoundingClientRect().height;
      for (const onScreen of element.querySelectorAll('.no-print')) height -= onScreen.getBoundingClientRect().height;
      const length = Math.ceil(mmOf(height)) + 2 * ROLL_MARGIN_MM + ROLL_TAIL_MM;
      style.textContent = `@page { size: ${rollWidth}mm ${length}mm; margin: ${ROLL_MARGIN_MM}mm; }`;
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener('beforeprint', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('beforeprint', measure);
    };
  }, [rollWidth, pageSize]);
  return (
    <>
      <style ref={rule} />
      <div ref={box}>{children}</div>
    </>
  );
}

/** Where a sale's screen sends its document to print at once (the After Save Action): router state, not the URL. */
export const PRINT_ON_OPEN = { print: true } as const;

/**
 * Prints the page once it is `ready`, when it was opened to be printed (PRINT_ON_OPEN); the state is then dropped, so
 * going back to it or reloading shows it without printing again.
 */
export function usePrintOnOpen(ready: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const printed = useRef(false);
  const printing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const wanted = (location.state as { print?: boolean } | null)?.print === true;
  useEffect(() => () => clearTimeout(printing.current), []);
  useEffect(() => {
    if (!wanted || !ready || printed.current) return;
    // The cashier already went elsewhere (the address moved, the next screen is still being drawn): replacing the
    // address now would take them back here, so the document is left unprinted.
    if (window.location.pathname !== location.pathname) return;
    printed.current = true;
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    // Once the logo and the page's length have settled; not if the cashier leaves first.
    printing.current = setTimeout(() => window.print(), 300);
  }, [wanted, ready, navigate, location.pathname, location.search]);
}

/**
 * Frame of a printable document. Print prints this page, the shell left out by the print styles (app/print.css): a
 * window of its own was stopped by pop-up blockers.
 */
export function SaleDocumentFrame({
  pageSize,
  loaded,
  error,
  children,
}: {
  /** Which document it is; each prints the same way. */
  kind: 'receipt' | 'invoice' | 'returnreceipt' | 'cashupreport';
  pageSize: string;
  loaded: boolean;
  error?: unknown;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  usePrintOnOpen(loaded);
  if (error) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (!loaded) return <PageLoader />;
  return (
    <>
      <Group mb="md" className="no-print">
        <Button variant="default" onClick={() => navigate(-1)}>
          Back
        </Button>
        <Button onClick={() => window.print()}>Print</Button>
      </Group>
      <PrintedPage pageSize={pageSize}>{children}</PrintedPage>
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

/** Who the receipt or invoice is from. */
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

export function ItemsTable({ items }: { items: SaleLineShown[] }) {
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
 * added to it; a sale made while the business was not registered shows 0, as the original client's documents do.
 */
export const VatLine = ({ sale, word }: { sale: Pick<SaleShown, 'vat_rate' | 'vat_amount'>; word: 'VAT' | 'Tax' }) => (
  <Group justify="space-between">
    <Text>{sale.vat_rate > 0 ? `${word} ${sale.vat_rate}% (included)` : `${word} (0%)`}</Text>
    <Text data-testid="total-vat">{formatMoney(sale.vat_amount)}</Text>
  </Group>
);
