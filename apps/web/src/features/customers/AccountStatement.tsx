import { AGING_BUCKET_LABELS, AGING_BUCKETS, type Aging, formatMoney } from '@duka/shared';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import type { StatementPeriod } from '../../api/customers.ts';
import { useBranding } from '../../api/settings.ts';
import { RangeInput } from '../../components/dates/RangeInput.tsx';
import { figures, TableHead } from '../../components/TableHead.tsx';
import { TableScroll } from '../../components/TableScroll.tsx';
import { BusinessHeader, PrintedPage, usePrintedBusiness } from '../sales/sale-document.tsx';
import classes from './statement.module.css';
import { defaultStatementPeriod } from './statement-share.ts';

// An account's statement, whoever's account it is (what a customer owes the shop, what the shop owes a supplier): the
// period's two days, Print and Download PDF, the opening balance, each line with the balance after it, the closing
// balance and what is owed by age. Printed on A4 from the page (the business's header, the other party and the
// period come on paper only).

/** One line of a statement, as both books answer it. */
export interface AccountStatementLine {
  date: string;
  kind: string;
  reference: string;
  debit: number;
  credit: number;
  balance: number;
  payment_id: number | null;
  /** A payment a later reversal undid. */
  reversed: boolean;
}

export interface AccountStatementData<Line extends AccountStatementLine = AccountStatementLine> {
  start_date: string | null;
  end_date: string;
  opening_balance: number;
  lines: Line[];
  closing_balance: number;
  aging: Aging;
}

/** A debit or credit cell: blank when nothing moved that way. */
const amount = (value: number) => (value === 0 ? '' : formatMoney(value));

/**
 * The period in the two date fields, and the one asked for: it follows each valid change (a blank start is from the
 * first record, a blank end is today; the fields refuse an end before the start).
 */
export function useStatementPeriod() {
  const [draft, setDraft] = useState<StatementPeriod>(defaultStatementPeriod);
  const [period, setPeriod] = useState<StatementPeriod>(draft);
  const choose = (next: StatementPeriod) => {
    setDraft(next);
    if (!next.startDate || !next.endDate || next.startDate <= next.endDate) setPeriod(next);
  };
  return { draft, period, choose };
}
export type StatementPeriodState = ReturnType<typeof useStatementPeriod>;

/**
 * The statement's panel: its title with Print, Download PDF and `actions`, the period's fields, a failed load or
 * download, then `children` on an A4 page once the statement is in.
 */
export function StatementFrame<S>({
  period,
  statement,
  download,
  actions,
  children,
}: {
  period: StatementPeriodState;
  statement: { data: S | undefined; isPending: boolean; isError: boolean; error: Error | null };
  download: (period: StatementPeriod) => Promise<unknown>;
  actions?: (statement: S) => ReactNode;
  children: (statement: S) => ReactNode;
}) {
  const [failure, setFailure] = useState<string>();
  const { draft, choose } = period;
  const s = statement.data;
  // The paper's header is the shop's details (PrintedStatementHead): it prints once they are in.
  const { hasBusiness } = usePrintedBusiness();
  const downloadPdf = () =>
    download(period.period).catch((err) => setFailure(errorMessage(err, 'The export failed. Please try again.')));
  return (
    <Paper p="lg" withBorder mt="md" maw={980}>
      <Stack gap="sm" className="no-print">
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h3">
            Statement
          </Title>
          <Group gap="xs">
            <Button variant="default" onClick={() => window.print()} disabled={!s || !hasBusiness}>
              Print
            </Button>
            <Button variant="default" onClick={downloadPdf}>
              Download PDF
            </Button>
            {s !== undefined && actions?.(s)}
          </Group>
        </Group>
        <Group align="flex-start">
          <RangeInput
            start={draft.startDate}
            end={draft.endDate}
            onChange={(startDate, endDate) => choose({ startDate, endDate })}
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
      {s !== undefined && <PrintedPage pageSize="A4">{children(s)}</PrintedPage>}
    </Paper>
  );
}

/**
 * On paper only: the business's header as the invoices print it, the other party (`heading`, then its lines) and the
 * period with the account's `terms`.
 */
export function PrintedStatementHead({
  number,
  heading,
  party,
  statement,
  terms,
}: {
  number: string;
  heading: string;
  party: (string | null | undefined)[];
  statement: Pick<AccountStatementData, 'start_date' | 'end_date'>;
  terms: string[];
}) {
  const { business } = usePrintedBusiness();
  const logo = useBranding().data?.logo ?? '/logo.svg';
  return (
    <div className={classes.printOnly}>
      <BusinessHeader
        business={business}
        logo={logo}
        title="STATEMENT"
        number={number}
        date={new Date().toISOString()}
      />
      <SimpleGrid cols={2} mt="md">
        <Stack gap={2}>
          <Text fw={700} size="sm">
            {heading}
          </Text>
          {party.filter(Boolean).map((line) => (
            <Text size="sm" key={line}>
              {line}
            </Text>
          ))}
        </Stack>
        <Stack gap={2} align="flex-end">
          <Text fw={700} size="sm">
            Period
          </Text>
          <Text size="sm">
            {statement.start_date ?? 'From the first record'} to {statement.end_date}
          </Text>
          {terms.map((line) => (
            <Text size="sm" key={line}>
              {line}
            </Text>
          ))}
        </Stack>
      </SimpleGrid>
    </div>
  );
}

/**
 * The statement's lines between the opening and the closing balance. A payment not yet reversed carries Reverse when
 * `onReverse` is given; `details` adds a column after the reference; `referenceLinks` adds to a line's reference (a
 * payment's receipt).
 */
export function StatementTable<Line extends AccountStatementLine>({
  statement,
  kindLabel,
  lineKey,
  details,
  referenceLinks,
  onReverse,
}: {
  statement: AccountStatementData<Line>;
  kindLabel: (line: Line) => string;
  lineKey: (line: Line) => string;
  details?: { heading: string; cell: (line: Line) => ReactNode };
  referenceLinks?: (line: Line) => ReactNode;
  onReverse?: (line: Line) => void;
}) {
  const s = statement;
  const columns = details ? 7 : 6;
  const headings = ['Date', 'Kind', 'Reference', ...(details ? [details.heading] : [])];
  return (
    <TableScroll minWidth={640} label="Statement table" mt="md">
      <Table withTableBorder fz="sm" verticalSpacing={4} data-testid="statement-table">
        <TableHead headings={[...headings, ...figures('Debit', 'Credit', 'Balance')]} />
        <Table.Tbody>
          <Table.Tr data-testid="statement-opening">
            <Table.Td>{s.start_date ?? ''}</Table.Td>
            <Table.Td colSpan={columns - 2} fw={700}>
              Opening balance
            </Table.Td>
            <Table.Td ta="right" fw={700}>
              {formatMoney(s.opening_balance)}
            </Table.Td>
          </Table.Tr>
          {s.lines.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columns} ta="center">
                Nothing on the account in this period.
              </Table.Td>
            </Table.Tr>
          )}
          {s.lines.map((line) => (
            <Table.Tr key={lineKey(line)} data-testid="statement-line">
              <Table.Td>{line.date}</Table.Td>
              <Table.Td>{kindLabel(line)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <span>{line.reference}</span>
                  {referenceLinks?.(line)}
                  {line.reversed && (
                    <Text size="xs" c="dimmed">
                      Reversed
                    </Text>
                  )}
                  {onReverse && line.kind === 'PAYMENT' && line.payment_id !== null && !line.reversed && (
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
              {details && <Table.Td>{details.cell(line)}</Table.Td>}
              <Table.Td ta="right">{amount(line.debit)}</Table.Td>
              <Table.Td ta="right">{amount(line.credit)}</Table.Td>
              <Table.Td ta="right">{formatMoney(line.balance)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr data-testid="statement-closing">
            <Table.Td>{s.end_date}</Table.Td>
            <Table.Td colSpan={columns - 2} fw={700}>
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

/** What is owed at the period's end, by age (`title` says what the days count from). */
export function AgingTable({ aging, title }: { aging: Aging; title: string }) {
  return (
    <Stack gap={4} mt="md">
      <Text fw={700} size="sm">
        {title}
      </Text>
      <Table withTableBorder fz="sm" verticalSpacing={4} data-testid="statement-aging">
        <TableHead headings={figures(...AGING_BUCKETS.map((b) => AGING_BUCKET_LABELS[b]))} />
        <Table.Tbody>
          <Table.Tr>
            {AGING_BUCKETS.map((b) => (
              <Table.Td key={b} ta="right">
                {formatMoney(aging[b])}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
