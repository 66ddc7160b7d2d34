import {
  consolidatedSalesReport,
  dailySalesReport,
  expenseReport,
  monthlySalesReport,
  profitLossReport,
  type ReportDeclaration,
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
import {
  ExpenseReportPage,
  ProfitLossReportPage,
  RevenueReportPage,
  SupplierReportPage,
  TaxReportPage,
} from './FinancialReportPages.tsx';
import {
  ConsolidatedSalesReportPage,
  DailySalesReportPage,
  MonthlySalesReportPage,
  WeeklySalesReportPage,
} from './SalesReportPages.tsx';
import {
  StockAgingReportPage,
  StockBalanceReportPage,
  StockLowAlertReportPage,
  StockReportPage,
} from './StockReportPages.tsx';

// Each report screen with its declaration: the router opens it at the report's path behind its List key, and the
// menu lists it under its group.

export interface ReportScreen {
  report: ReportDeclaration;
  page: ComponentType;
}

export const SALES_REPORT_SCREENS: ReportScreen[] = [
  { report: dailySalesReport, page: DailySalesReportPage },
  { report: weeklySalesReport, page: WeeklySalesReportPage },
  { report: monthlySalesReport, page: MonthlySalesReportPage },
  { report: consolidatedSalesReport, page: ConsolidatedSalesReportPage },
];

export const INVENTORY_REPORT_SCREENS: ReportScreen[] = [
  { report: stockReport, page: StockReportPage },
  { report: stockBalanceReport, page: StockBalanceReportPage },
  { report: stockLowAlertReport, page: StockLowAlertReportPage },
  { report: stockAgingReport, page: StockAgingReportPage },
];

/** The five financial reports (issue 11): private keys, so the Administrator's. */
export const FINANCIAL_REPORT_SCREENS: ReportScreen[] = [
  { report: revenueReport, page: RevenueReportPage },
  { report: profitLossReport, page: ProfitLossReportPage },
  { report: expenseReport, page: ExpenseReportPage },
  { report: supplierReport, page: SupplierReportPage },
  { report: taxReport, page: TaxReportPage },
];
