import { formatDay, formatMoney, formatTime } from '@duka/shared';
import { Divider, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useBranding } from '../../api/settings.ts';
import { cashierName, useCashUp } from '../../api/till.ts';
import { SaleDocumentFrame } from '../sales/sale-document.tsx';
import { CashFigures, countedWords, MethodTable } from './cashup-figures.tsx';

// The Z-report of a saved cash-up, printed on an 80 mm roll like the receipt.
export function ZReportPage() {
  const { id } = useParams();
  const record = useCashUp(id);
  const branding = useBranding();
  const c = record.data;
  return (
    <SaleDocumentFrame kind="cashupreport" pageSize="80mm auto" loaded={Boolean(c)} error={record.error}>
      {c && (
        <div className="receipt" data-testid="z-report">
          <Stack gap={2} align="center">
            <Text fw={700}>{branding.data?.name || 'Duka'}</Text>
            <Text fw={800} fz={22}>
              Z-REPORT
            </Text>
            <Text size="sm">Cash-up No. {c.id}</Text>
          </Stack>
          <Divider my="xs" />
          <Text size="xs">Day: {c.day}</Text>
          <Text size="xs">Cashier: {cashierName(c)}</Text>
          <Text size="xs" data-testid="z-report-counted">
            Covers: {countedWords(c)}
          </Text>
          {c.recount_of && (
            <Text size="xs" fw={700}>
              Recount of cash-up No. {c.recount_of} by {c.saved_by ?? 'N/A'}: {c.reason}
            </Text>
          )}
          <Text size="xs">
            Saved: {formatDay(c.created_at)} {c.created_at && formatTime(c.created_at)}
          </Text>
          <Divider my="xs" />
          <CashFigures c={c} />
          <MethodTable c={c} />
          {c.note && <Text size="xs">Note: {c.note}</Text>}
          {(c.counts?.length ?? 0) > 1 && (
            <Stack gap={0} data-testid="z-report-counts">
              <Text size="xs" fw={700}>
                Counts of this cash-up
              </Text>
              {c.counts?.map((count) => (
                <Text size="xs" key={count.id}>
                  No. {count.id} {count.recount_of ? 'recount' : 'first count'} by {count.saved_by ?? 'N/A'}: counted{' '}
                  {formatMoney(count.counted_cash)}, difference {formatMoney(count.difference)}
                  {count.reason ? ` (${count.reason})` : ''}
                </Text>
              ))}
            </Stack>
          )}
          <Divider my="sm" />
          <Text size="xs">Cashier signature: ____________</Text>
          <Text size="xs" mt="xs">
            Checked by: ____________
          </Text>
        </div>
      )}
    </SaleDocumentFrame>
  );
}
