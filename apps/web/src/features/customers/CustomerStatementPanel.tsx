import {
  AGING_BUCKET_LABELS,
  AGING_BUCKETS,
  type CustomerRecord,
  type CustomerStatement,
  formatMoney,
  type StatementLine,
} from '@duka/shared';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { downloadStatement, type StatementPeriod, useCustomerStatement } from '../../api/customers.ts';
import { usePermissions } from '../../api/permissions.ts';
import { useBusinessInfo } from '../../api/sales.ts';
import { useBranding } from '../../api/settings.ts';
import { figures, TableHead } from '../../components/TableHead.tsx';
import { TableScroll } from '../../components/TableScroll.tsx';
import { BusinessHeader, PrintedPage } from '../sales/sale-document.tsx';
import { ReversePaymentDialog } from './PaymentDialogs.tsx';
import classes from './statement.module.css';
import { defaultStatementPeriod, whatsAppLink } from './statement-share.ts';

// A customer's statement over a period: the opening balance, every sale on account, payment, return and reversal with
// the balance after it, the closing balance and what is owed by how overdue. Printed on A4 from this page (the
// business's header, the customer and the period come on paper only), downloaded as the server's PDF, or shared on
// WhatsApp as a message to the customer.

const KIND_LABELS: Record<StatementLine['kind'], string> = {
  SALE: 'Sale on account',
  PAYMENT: 'Payment',
  RETURN: 'Return',
  REVERSAL: 'Reversal',
};

/** A debit or credit cell: blank when nothing moved that way. */
const amount = (value: number) => (value === 0 ? '' : formatMoney(value));

export function CustomerStatementPanel({ customer }: { customer: CustomerRecord }) {
  const { can } = usePermissions();
  const [draft, setDraft] = useState<StatementPeriod>(defaultStatementPeriod);
  const [period, setPeriod] = useState<StatementPeriod>(draft);
  const [failure, setFailure] = useState<string>();
  const [reversing, setReversing] = useState<StatementLine>();
  const statement = useCustomerStatement(customer.id, period);
  const businessName = useBusinessInfo().data?.business_name || 'Duka';
  const s = statement.data;
  const periodError =
    draft.startDate && draft.endDate && draft.endDate < draft.startDate
      ? 'The end date cannot be before the start date.'
      : undefined;
  // A period is asked for once both days are valid; a blank start is from the first record, a blank end is today.
  const choose = (next: StatementPeriod) => {
    setDraft(next);
    if (!next.startDate || !next.endDate || next.startDate <= next.endDate) setPeriod(next);
  };
  const download = () =>
    downloadStatement(customer.id, customer.customer_number, period).catch((err) =>
      setFailure(errorMessage(err, 'The export failed. Please try again.')),
    );

  return (
    <Paper p="lg" withBorder mt="md" maw={980}>
      <Stack gap="sm" className="no-print">
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h3">
            Statement
          </Title>
          <Group gap="xs">
            <Button variant="default" onClick={() => window.print()} disabled={!s}>
              Print
            </Button>
            <Button variant="default" onClick={download}>
              Download PDF
            </Button>
            {s && (
              <Button
                component="a"
                href={whatsAppLink(s, businessName)}
                target="_blank"
                rel="noopener noreferrer"
                color="green"
              >
                Share on WhatsApp
              </Button>
            )}
          </Group>
        </Group>
        <Group align="flex-start">
          <TextInput
            label="Start Date"
            type="date"
            value={draft.startDate}
            onChange={(e) => choose({ ...draft, startDate: e.currentTarget.value })}
          />
          <TextInput
            label="End Date"
            type="date"
            value={draft.endDate}
            onChange={(e) => choose({ ...draft, endDate: e.currentTarget.value })}
            error={periodError}
          />
        </Group>
        {failure && (
          <Alert color="red" role="alert" withCloseButton onClose={() => setFailure(undefined)}>
            {failure}
          </Alert>
        )}
        {statement.isError && (
          <Alert color="red" role="alert">
            {errorMessage(statement.error)}
          </Alert>
        )}
      </Stack>
      {statement.isPending && !statement.isError && <Text mt="md">Loading…</Text>}
      {s && (
        <PrintedPage pageSize="A4">
          <StatementHead statement={s} />
          <StatementTable statement={s} handlesPayments={can('customerPayment')} onReverse={setReversing} />
          <Aging statement={s} />
        </PrintedPage>
      )}
      {reversing?.payment_id && (
        <ReversePaymentDialog
          payment={{ id: reversing.payment_id, reference: reversing.reference, credit: reversing.credit }}
          onClose={() => setReversing(undefined)}
        />
      )}
    </Paper>
  );
}

/** On paper only: the business's header as the invoices print it, the customer and the period. */
function StatementHead({ statement }: { statement: CustomerStatement }) {
  const business = useBusinessInfo().data ?? {};
  const logo = useBranding().data?.logo ?? '/logo.svg';
  const c = statement.customer;
  return (
    <div className={classes.printOnly}>
      <BusinessHeader
        business={business}
        logo={logo}
        title="STATEMENT"
        number={c.customer_number}
        date={new Date().toISOString()}
      />
      <SimpleGrid cols={2} mt="md">
        <Stack gap={2}>
          <Text fw={700} size="sm">
            Customer
          </Text>
          <Text size="sm">{c.name}</Text>
          <Text size="sm">{c.phone_number}</Text>
          {c.address && <Text size="sm">{c.address}</Text>}
          {c.tin && <Text size="sm">TIN: {c.tin}</Text>}
        </Stack>
        <Stack gap={2} align="flex-end">
          <Text fw={700} size="sm">
            Period
          </Text>
          <Text size="sm">
            {statement.start_date ?? 'From the first record'} to {statement.end_date}
          </Text>
          <Text size="sm">Payment terms: {c.payment_terms_days} days</Text>
          <Text size="sm">Credit limit: UGX {formatMoney(c.credit_limit)}</Text>
        </Stack>
      </SimpleGrid>
    </div>
  );
}

function StatementTable({
  statement,
  handlesPayments,
  onReverse,
}: {
  statement: CustomerStatement;
  /** Who takes payments (customerPayment) opens their receipts and reverses them. */
  handlesPayments: boolean;
  onReverse: (line: StatementLine) => void;
}) {
  const s = statement;
  return (
    <TableScroll minWidth={640} label="Statement table" mt="md">
      <Table withTableBorder fz="sm" verticalSpacing={4} data-testid="statement-table">
        <TableHead headings={['Date', 'Kind', 'Reference', ...figures('Debit', 'Credit', 'Balance')]} />
        <Table.Tbody>
          <Table.Tr data-testid="statement-opening">
            <Table.Td>{s.start_date ?? ''}</Table.Td>
            <Table.Td colSpan={4} fw={700}>
              Opening balance
            </Table.Td>
            <Table.Td ta="right" fw={700}>
              {formatMoney(s.opening_balance)}
            </Table.Td>
          </Table.Tr>
          {s.lines.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6} ta="center">
                Nothing on the account in this period.
              </Table.Td>
            </Table.Tr>
          )}
          {s.lines.map((line) => (
            <Table.Tr
              key={`${line.kind}-${line.reference}-${line.sale_id ?? line.payment_id}`}
              data-testid="statement-line"
            >
              <Table.Td>{line.date}</Table.Td>
              <Table.Td>{KIND_LABELS[line.kind]}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <span>{line.reference}</span>
                  {line.payment_id !== null && handlesPayments && (
                    <Button
                      component={Link}
                      to={`/customerpaymentreceipt/${line.payment_id}`}
                      size="compact-xs"
                      variant="subtle"
                      className="no-print"
                      aria-label={`Receipt of ${line.reference}`}
                    >
                      Receipt
                    </Button>
                  )}
                  {line.reversed && (
                    <Text size="xs" c="dimmed">
                      Reversed
                    </Text>
                  )}
                  {line.kind === 'PAYMENT' && line.payment_id !== null && !line.reversed && handlesPayments && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      className="no-print"
                      aria-label={`Reverse ${line.reference}`}
                      onClick={() => onReverse(line)}
                    >
                      Reverse
                    </Button>
                  )}
                </Group>
              </Table.Td>
              <Table.Td ta="right">{amount(line.debit)}</Table.Td>
              <Table.Td ta="right">{amount(line.credit)}</Table.Td>
              <Table.Td ta="right">{formatMoney(line.balance)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr data-testid="statement-closing">
            <Table.Td>{s.end_date}</Table.Td>
            <Table.Td colSpan={4} fw={700}>
              Closing balance
            </Table.Td>
            <Table.Td ta="right" fw={700}>
              {formatMoney(s.closing_balance)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** What is owed at the period's end, by days past its due date (the sale's day and the customer's payment terms). */
function Aging({ statement }: { statement: CustomerStatement }) {
  return (
    <Stack gap={4} mt="md">
      <Text fw={700} size="sm">
        Owed by days past due, as of {statement.end_date}
      </Text>
      <Table withTableBorder fz="sm" verticalSpacing={4} data-testid="statement-aging">
        <TableHead headings={figures(...AGING_BUCKETS.map((b) => AGING_BUCKET_LABELS[b]))} />
        <Table.Tbody>
          <Table.Tr>
            {AGING_BUCKETS.map((b) => (
              <Table.Td key={b} ta="right">
                {formatMoney(statement.aging[b])}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
