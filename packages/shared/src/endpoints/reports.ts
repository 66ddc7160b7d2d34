import { listEndpoints } from '../contract/lists.ts';
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
  dailySales: listEndpoints(dailySalesReport),
  weeklySales: listEndpoints(weeklySalesReport),
  monthlySales: listEndpoints(monthlySalesReport),
  consolidatedSales: listEndpoints(consolidatedSalesReport),
  stock: listEndpoints(stockReport),
  stockBalance: listEndpoints(stockBalanceReport),
  stockLowAlert: listEndpoints(stockLowAlertReport),
  stockAging: listEndpoints(stockAgingReport),
  revenue: listEndpoints(revenueReport),
  profitLoss: listEndpoints(profitLossReport),
  expense: listEndpoints(expenseReport),
  supplier: listEndpoints(supplierReport),
  tax: listEndpoints(taxReport),
};
