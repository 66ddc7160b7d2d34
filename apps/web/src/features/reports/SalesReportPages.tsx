import { consolidatedSalesReport, dailySalesReport, monthlySalesReport, weeklySalesReport } from '@duka/shared';
import { ReportPage } from '../../components/list/ReportPage.tsx';
import { periodCard, REPORT_PERIOD, TOTAL_SALES, textCard } from './cards.ts';

// The four sales reports: sale lines of a day, a week, a month or a chosen period.

export const DailySalesReportPage = () => (
  <ReportPage report={dailySalesReport} cards={[textCard('Last Sold Date', 'last_sold_date'), TOTAL_SALES]} />
);

export const WeeklySalesReportPage = () => (
  <ReportPage report={weeklySalesReport} cards={[periodCard('Selected Week', 'week_start', 'week_end'), TOTAL_SALES]} />
);

export const MonthlySalesReportPage = () => (
  <ReportPage
    report={monthlySalesReport}
    cards={[
      {
        label: 'Selected Month',
        value: (answer, filters) => (filters.month ? String(answer.selected_month) : 'Current Month'),
      },
      TOTAL_SALES,
    ]}
  />
);

export const ConsolidatedSalesReportPage = () => (
  <ReportPage report={consolidatedSalesReport} cards={[REPORT_PERIOD, TOTAL_SALES]} />
);
