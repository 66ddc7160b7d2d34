import { reportEndpoints } from '../contract/lists.ts';
import {
  consolidatedSalesReport,
  dailySalesReport,
  expenseReport,
  monthlySalesReport,
  profitLossReport,
  revenueReport,
  stockAgingReport,
  stockBalanceReport,
  stockLowAlertReport,
  stockReport,
  supplierReport,
  taxReport,
  weeklySalesReport,
} from '../reports/index.ts';

// The reports' calls: each report's page (rows in `data`, its cards beside it) and its XLSX and CSV, all from its
// declaration in packages/shared/src/reports.

export const reportsEndpoints = {
  dailySales: reportEndpoints(dailySalesReport),
  weeklySales: reportEndpoints(weeklySalesReport),
  monthlySales: reportEndpoints(monthlySalesReport),
  consolidatedSales: reportEndpoints(consolidatedSalesReport),
  stock: reportEndpoints(stockReport),
  stockBalance: reportEndpoints(stockBalanceReport),
  stockLowAlert: reportEndpoints(stockLowAlertReport),
  stockAging: reportEndpoints(stockAgingReport),
  revenue: reportEndpoints(revenueReport),
  profitLoss: reportEndpoints(profitLossReport),
  expense: reportEndpoints(expenseReport),
  supplier: reportEndpoints(supplierReport),
  tax: reportEndpoints(taxReport),
};
