import { stockAgingReport, stockBalanceReport, stockLowAlertReport, stockReport } from '@duka/shared';
import { ReportPage } from '../../components/list/ReportPage.tsx';
import { moneyCard, REPORT_PERIOD, TOTAL_STOCK, textCard } from './cards.ts';

// The four inventory reports: batches received, balances, low stock and aging.

export const StockReportPage = () => <ReportPage report={stockReport} cards={[REPORT_PERIOD, TOTAL_STOCK]} />;

export const StockBalanceReportPage = () => (
  <ReportPage report={stockBalanceReport} cards={[REPORT_PERIOD, TOTAL_STOCK]} />
);

export const StockLowAlertReportPage = () => <ReportPage report={stockLowAlertReport} cards={[TOTAL_STOCK]} />;

export const StockAgingReportPage = () => (
  <ReportPage
    report={stockAgingReport}
    cards={[
      moneyCard('Total Value (UGX)', 'total_value'),
      textCard('Aging Threshold', 'aging_threshold'),
      textCard('Threshold Date', 'threshold_date'),
    ]}
  />
);
