import { formatMoney } from '@duka/shared';
import type { ReportCard } from '../../components/list/ReportPage.tsx';

// The cards the report screens share: a total in shillings, a figure as it is, a period.

const text = (value: unknown) => (value === null || value === undefined || value === '' ? 'N/A' : String(value));

export const moneyCard = (label: string, field: string): ReportCard => ({
  label,
  value: (answer) => formatMoney(Number(answer[field] ?? 0)),
});

export const textCard = (label: string, field: string): ReportCard => ({
  label,
  value: (answer) => text(answer[field]),
});

export const periodCard = (label: string, start: string, end: string): ReportCard => ({
  label,
  value: (answer) => `${text(answer[start])} to ${text(answer[end])}`,
});

export const TOTAL_SALES = moneyCard('Total Sales (UGX)', 'total_sales');
export const TOTAL_STOCK = moneyCard('Total Stock (UGX)', 'total_stocks');
export const REPORT_PERIOD = periodCard('Report Period', 'report_start', 'report_end');
