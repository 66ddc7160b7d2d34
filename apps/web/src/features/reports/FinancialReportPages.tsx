import {
  expenseReport,
  formatMoney,
  PAYMENT_LABELS,
  profitLossReport,
  revenueReport,
  supplierReport,
  taxReport,
} from '@duka/shared';
import type { ReportCard } from '../../components/list/ReportPage.tsx';
import { ReportPage } from '../../components/list/ReportPage.tsx';
import { moneyCard, periodCard, REPORT_PERIOD } from './cards.ts';

// The five financial reports: each a declaration from packages/shared with its cards.

const breakdown = (label: string, field: string, name: (key: string) => string): ReportCard => ({
  label,
  value: (answer) => {
    const value = answer[field];
    const entries: [string, number][] = Array.isArray(value)
      ? value.map((v: { category: string; total: number }) => [v.category, v.total])
      : Object.entries((value ?? {}) as Record<string, number>);
    const shown = entries.filter(([, total]) => total !== 0);
    return shown.length ? shown.map(([key, total]) => `${name(key)} ${formatMoney(total)}`).join(' · ') : 'None';
  },
});

export const RevenueReportPage = () => (
  <ReportPage
    report={revenueReport}
    cards={[
      REPORT_PERIOD,
      moneyCard('Total Revenue (UGX)', 'total_revenue'),
      moneyCard('Total Discount (UGX)', 'total_discount'),
      breakdown('By Payment Method', 'by_payment_method', (m) => PAYMENT_LABELS[m as keyof typeof PAYMENT_LABELS] ?? m),
      // Sold on account is in the revenue but not yet paid; account payments are money in, not revenue.
      moneyCard('Sold On Account (UGX)', 'on_account'),
      moneyCard('Account Payments (UGX)', 'account_payments'),
    ]}
  />
);

export const ProfitLossReportPage = () => (
  <ReportPage
    report={profitLossReport}
    cards={[
      REPORT_PERIOD,
      periodCard('Compared With', 'previous_start', 'previous_end'),
      moneyCard('Revenue (UGX)', 'revenue'),
      moneyCard('Cost of Goods Sold (UGX)', 'cost_of_goods_sold'),
      moneyCard('Gross Profit (UGX)', 'gross_profit'),
      { label: 'Gross Margin', value: (answer) => `${Number(answer.gross_margin ?? 0)}%` },
      moneyCard('Total Expenses (UGX)', 'total_expenses'),
      moneyCard('Stock Losses (UGX)', 'total_loss'),
      moneyCard('Net Profit (UGX)', 'net_profit'),
    ]}
  />
);

export const ExpenseReportPage = () => (
  <ReportPage
    report={expenseReport}
    cards={[
      REPORT_PERIOD,
      moneyCard('Total Expenses (UGX)', 'total_expenses'),
      breakdown('By Category', 'by_category', (c) => c),
    ]}
  />
);

export const SupplierReportPage = () => (
  <ReportPage report={supplierReport} cards={[REPORT_PERIOD, moneyCard('Total Purchases (UGX)', 'total_purchases')]} />
);

export const TaxReportPage = () => (
  <ReportPage
    report={taxReport}
    cards={[
      REPORT_PERIOD,
      moneyCard('Total Taxable Sales (UGX)', 'total_taxable'),
      moneyCard('Total VAT (UGX)', 'total_tax'),
    ]}
  />
);
