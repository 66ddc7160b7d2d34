import {
  awaitingDeliveryReport,
  consolidatedSalesReport,
  dailySalesReport,
  expenseReport,
  type ListDeclaration,
  monthlySalesReport,
  payablesReport,
  profitLossReport,
  receivablesReport,
  revenueReport,
  stockAgingReport,
  stockBalanceReport,
  stockLowAlertReport,
  stockReport,
  supplierReport,
  taxReport,
  weeklySalesReport,
} from '@duka/shared';
import type { ComponentType } from 'react';
import { lazyPage } from '../../components/lazy-page.tsx';

// Each screen's code comes in its own chunk when first opened, so the first load carries none of it.
const AwaitingDeliveryReportPage = lazyPage(
  () => import('./AwaitingDeliveryReportPages.tsx'),
  'AwaitingDeliveryReportPage',
);
const ExpenseReportPage = lazyPage(() => import('./FinancialReportPages.tsx'), 'ExpenseReportPage');
const ReceivablesReportPage = lazyPage(() => import('./CustomerReportPages.tsx'), 'ReceivablesReportPage');
const PayablesReportPage = lazyPage(() => import('./PayablesReportPages.tsx'), 'PayablesReportPage');
const ProfitLossReportPage = lazyPage(() => import('./FinancialReportPages.tsx'), 'ProfitLossReportPage');
const RevenueReportPage = lazyPage(() => import('./FinancialReportPages.tsx'), 'RevenueReportPage');
const SupplierReportPage = lazyPage(() => import('./FinancialReportPages.tsx'), 'SupplierReportPage');
const TaxReportPage = lazyPage(() => import('./FinancialReportPages.tsx'), 'TaxReportPage');
const ConsolidatedSalesReportPage = lazyPage(() => import('./SalesReportPages.tsx'), 'ConsolidatedSalesReportPage');
const DailySalesReportPage = lazyPage(() => import('./SalesReportPages.tsx'), 'DailySalesReportPage');
const MonthlySalesReportPage = lazyPage(() => import('./SalesReportPages.tsx'), 'MonthlySalesReportPage');
const WeeklySalesReportPage = lazyPage(() => import('./SalesReportPages.tsx'), 'WeeklySalesReportPage');
const StockAgingReportPage = lazyPage(() => import('./StockReportPages.tsx'), 'StockAgingReportPage');
const StockBalanceReportPage = lazyPage(() => import('./StockReportPages.tsx'), 'StockBalanceReportPage');
const StockLowAlertReportPage = lazyPage(() => import('./StockReportPages.tsx'), 'StockLowAlertReportPage');
const StockReportPage = lazyPage(() => import('./StockReportPages.tsx'), 'StockReportPage');

// Each report screen with its declaration: the router opens it at the report's path behind its List key, and the
// menu lists it under its group.

export interface ReportScreen {
  report: ListDeclaration;
  page: ComponentType;
}

export const SALES_REPORT_SCREENS: ReportScreen[] = [
  { report: dailySalesReport, page: DailySalesReportPage },
  { report: weeklySalesReport, page: WeeklySalesReportPage },
  { report: monthlySalesReport, page: MonthlySalesReportPage },
  { report: consolidatedSalesReport, page: ConsolidatedSalesReportPage },
  { report: awaitingDeliveryReport, page: AwaitingDeliveryReportPage },
];

export const INVENTORY_REPORT_SCREENS: ReportScreen[] = [
  { report: stockReport, page: StockReportPage },
  { report: stockBalanceReport, page: StockBalanceReportPage },
  { report: stockLowAlertReport, page: StockLowAlertReportPage },
  { report: stockAgingReport, page: StockAgingReportPage },
];

/** The five financial reports: private keys, so the Administrator's. */
export const FINANCIAL_REPORT_SCREENS: ReportScreen[] = [
  { report: revenueReport, page: RevenueReportPage },
  { report: profitLossReport, page: ProfitLossReportPage },
  { report: expenseReport, page: ExpenseReportPage },
  { report: supplierReport, page: SupplierReportPage },
  { report: taxReport, page: TaxReportPage },
];

/** What customers owe: the debt book's report. */
export const CUSTOMER_REPORT_SCREENS: ReportScreen[] = [{ report: receivablesReport, page: ReceivablesReportPage }];

/** What the shop owes its suppliers: buying's report. */
export const PURCHASING_REPORT_SCREENS: ReportScreen[] = [{ report: payablesReport, page: PayablesReportPage }];
