import type { Endpoint } from '../contract/endpoint.ts';
import { authEndpoints } from './auth.ts';
import { backupsEndpoints } from './backups.ts';
import { brandEndpoints } from './brands.ts';
import { cashupEndpoints } from './cashup.ts';
import { categoriesEndpoints } from './categories.ts';
import { customersEndpoints } from './customers.ts';
import { dashboardEndpoints } from './dashboard.ts';
import { discrepanciesEndpoints } from './discrepancies.ts';
import { expensesEndpoints } from './expenses.ts';
import { firstStepsEndpoints } from './first-steps.ts';
import { logsEndpoints } from './logs.ts';
import { measurementsEndpoints } from './measurements.ts';
import { goodsReceivedEndpoints, supplierAccountEndpoints } from './payables.ts';
import { productsEndpoints } from './products.ts';
import { profileEndpoints } from './profile.ts';
import { purchaseOrderEndpoints } from './purchasing.ts';
import { deliveryNoteEndpoints, quotationEndpoints } from './quotations.ts';
import { reportsEndpoints } from './reports.ts';
import { returnsEndpoints } from './returns.ts';
import { rolesEndpoints } from './roles.ts';
import { salesEndpoints } from './sales.ts';
import { serviceEndpoints } from './service.ts';
import { settingsEndpoints } from './settings.ts';
import { stockEndpoints } from './stock.ts';
import { suppliersEndpoints } from './suppliers.ts';
import { trashEndpoints } from './trash.ts';
import { usersEndpoints } from './users.ts';

// Every endpoint's contract, by domain. The server fails to start when a route has no contract here or a contract
// has no route; the API tests check every answer they receive against its contract.

export const API = {
  auth: authEndpoints,
  backup: backupsEndpoints,
  brand: brandEndpoints,
  cashUp: cashupEndpoints,
  category: categoriesEndpoints,
  customer: customersEndpoints,
  dashboard: dashboardEndpoints,
  deliveryNote: deliveryNoteEndpoints,
  discrepancy: discrepanciesEndpoints,
  expense: expensesEndpoints,
  firstSteps: firstStepsEndpoints,
  goodsReceived: goodsReceivedEndpoints,
  log: logsEndpoints,
  measurement: measurementsEndpoints,
  product: productsEndpoints,
  profile: profileEndpoints,
  purchaseOrder: purchaseOrderEndpoints,
  quotation: quotationEndpoints,
  report: reportsEndpoints,
  return: returnsEndpoints,
  role: rolesEndpoints,
  sale: salesEndpoints,
  service: serviceEndpoints,
  settings: settingsEndpoints,
  stock: stockEndpoints,
  supplier: suppliersEndpoints,
  supplierAccount: supplierAccountEndpoints,
  trash: trashEndpoints,
  user: usersEndpoints,
} as const;

/** Every contract, flattened out of the domains' groups (a list's three calls are one group). */
export const ENDPOINTS: readonly Endpoint[] = collect(API);

function collect(group: object): Endpoint[] {
  return Object.values(group).flatMap((value) =>
    value && typeof value === 'object' && 'method' in value && 'path' in value
      ? [value as Endpoint]
      : collect(value as object),
  );
}

export * from './auth.ts';
export * from './backups.ts';
export * from './brands.ts';
export * from './cashup.ts';
export * from './categories.ts';
export * from './common.ts';
export * from './customers.ts';
export * from './dashboard.ts';
export * from './discrepancies.ts';
export * from './expenses.ts';
export * from './first-steps.ts';
export * from './logs.ts';
export * from './measurements.ts';
export * from './payables.ts';
export * from './products.ts';
export * from './profile.ts';
export * from './purchasing.ts';
export * from './quotations.ts';
export * from './reports.ts';
export * from './returns.ts';
export * from './roles.ts';
export * from './sales.ts';
export * from './service.ts';
export * from './settings.ts';
export * from './stock.ts';
export * from './suppliers.ts';
export * from './trash.ts';
export * from './users.ts';
