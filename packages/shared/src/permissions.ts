// The permission catalogue: every key the server checks and the menu shows, written once here
// for both. Private keys are granted only through the built-in Administrator role.

export type PermissionCategory =
  | 'Others'
  | 'Role'
  | 'User'
  | 'Category'
  | 'Product'
  | 'Brand'
  | 'Measurement'
  | 'Supplier'
  | 'Customer'
  | 'Purchasing'
  | 'Stock'
  | 'Sales'
  | 'Expense'
  | 'Sales Reports'
  | 'Inventory Reports'
  | 'Financial Reports'
  | 'Settings'
  | 'Audit Logs';

/** One entry of the catalogue; `key` is a literal so that `PermissionKey` is the union of every key. */
export interface PermissionOf<Key extends string> {
  key: Key;
  name: string;
  category: PermissionCategory;
  visibility: 'public' | 'private';
}

/** 'Bulk Delete' → 'BulkDelete', as a type: the key of an action is its words run together. */
type Squash<S extends string> = S extends `${infer A} ${infer B}` ? Squash<`${A}${B}`> : S;

const crud = <const Word extends string, const Action extends string>(
  category: PermissionCategory,
  word: Word,
  label: string,
  actions: readonly Action[],
) =>
  actions.map((action) => ({
    key: `${word}${action.replace(/ /g, '')}` as `${Word}${Squash<Action>}`,
    name: `${action} ${label}`,
    category,
    visibility: 'public' as const,
  }));

const CRUD = ['Add', 'List', 'Edit', 'Delete', 'Bulk Delete'] as const;
const report = <const Word extends string, const Action extends string = 'List' | 'Filter' | 'Export'>(
  category: PermissionCategory,
  word: Word,
  label: string,
  actions: readonly Action[] = ['List', 'Filter', 'Export'] as unknown as Action[],
  visibility: 'public' | 'private' = 'public',
) =>
  actions.map((action) => ({
    key: `${word}${action}` as `${Word}${Action}`,
    name: `${label} ${action}`,
    category,
    visibility,
  }));

const one = <const Key extends string>(
  key: Key,
  name: string,
  category: PermissionCategory,
  visibility: 'public' | 'private' = 'public',
): PermissionOf<Key> => ({ key, name, category, visibility });

const CATALOGUE = [
  one('dashboard', 'Dashboard', 'Others'),
  one('trash', 'Trash', 'Others'),
  ...crud('Role', 'role', 'Role', CRUD),
  ...crud('User', 'user', 'User', [...CRUD, 'Filter', 'Export', 'Lock Unlock']),
  ...crud('Category', 'category', 'Category', CRUD),
  ...crud('Product', 'product', 'Product', [...CRUD, 'Export']),
  ...crud('Brand', 'brand', 'Brand', CRUD),
  ...crud('Measurement', 'measurement', 'Measurement', CRUD),
  ...crud('Supplier', 'supplier', 'Supplier', [...CRUD, 'Export']),
  // The debt book: customers who buy on account, their payments and statements, and what they owe the shop.
  ...crud('Customer', 'customer', 'Customer', [...CRUD, 'Export', 'Payment', 'Statement']),
  one('customerCreditSale', 'Customer Credit Sale', 'Customer'),
  one('customerCreditOverride', 'Customer Credit Override', 'Customer'),
  ...report('Customer', 'reportReceivables', 'Receivables Report', ['List', 'Export']),
  // Buying: orders to suppliers, sent before the goods come in.
  ...crud('Purchasing', 'purchaseOrder', 'Purchase Order', ['Add', 'List', 'Edit', 'Cancel', 'Export']),
  // Goods coming in against an order or without one, what the shop owes its suppliers and what it pays them.
  ...crud('Purchasing', 'goodsReceived', 'Goods Received', ['Add', 'List']),
  one('supplierPayment', 'Supplier Payment', 'Purchasing'),
  one('supplierStatement', 'Supplier Statement', 'Purchasing'),
  ...report('Purchasing', 'reportPayables', 'Payables Report', ['List', 'Export']),
  ...crud('Stock', 'stock', 'Stock', [...CRUD, 'Filter', 'Export']),
  one('stockLevel', 'Stock Level', 'Stock'),
  one('stockLevelExport', 'Stock Level Export', 'Stock'),
  ...report('Stock', 'stockAdjustment', 'Stock Adjustment', ['Add', 'List', 'Export']),
  // Offline sales' shortfalls: seen and resolved by whoever manages stock.
  one('stockDiscrepancyList', 'Stock Discrepancy List', 'Stock'),
  one('stockDiscrepancyResolve', 'Stock Discrepancy Resolve', 'Stock'),
  one('salesPOS', 'Sales POS', 'Sales'),
  ...crud('Sales', 'sales', 'Sales', ['List', 'Filter', 'Export']),
  one('salesInvoice', 'Sales Invoice', 'Sales'),
  // Quotations a contractor takes to a client, made into sales at the quoted prices, and goods collected later.
  ...crud('Sales', 'quotation', 'Quotation', ['Add', 'List', 'Edit', 'Cancel', 'Convert', 'Export']),
  one('quotationPriceEdit', 'Quotation Price Edit', 'Sales'),
  one('quotationBelowCost', 'Quotation Below Cost', 'Sales'),
  ...crud('Sales', 'deliveryNote', 'Delivery Note', ['Add', 'List']),
  ...report('Sales', 'reportAwaitingDelivery', 'Awaiting Delivery Report', ['List', 'Export']),
  one('salesReceipt', 'Sales Receipt', 'Sales'),
  // The till: goods brought back with their refund, and the end-of-day cash-up.
  one('salesReturn', 'Sales Return', 'Sales'),
  one('salesCashUp', 'Sales Cash Up', 'Sales'),
  one('salesCashUpAll', 'Sales Cash Up (All Cashiers)', 'Sales'),
  one('salesCashUpList', 'Sales Cash Up List', 'Sales'),
  // A manager's recount of a saved cash-up: a new record with its reason; the first count stays.
  one('salesCashUpRecount', 'Sales Cash Up Recount', 'Sales'),
  ...crud('Expense', 'expense', 'Expense', [...CRUD, 'Filter', 'Export']),
  ...report('Sales Reports', 'reportDailySales', 'Daily Sales Report'),
  ...report('Sales Reports', 'reportWeeklySales', 'Weekly Sales Report'),
  ...report('Sales Reports', 'reportMonthlySales', 'Monthly Sales Report'),
  ...report('Sales Reports', 'reportConsolidatedSales', 'Consolidated Sales Report'),
  ...report('Inventory Reports', 'reportStock', 'Stock Report'),
  ...report('Inventory Reports', 'reportStockBalance', 'Stock Balance Report'),
  ...report('Inventory Reports', 'reportStockLowAlert', 'Stock Low Alert Report', ['List', 'Export']),
  ...report('Inventory Reports', 'reportStockAging', 'Stock Aging Report'),
  ...report('Financial Reports', 'reportRevenue', 'Revenue Report', undefined, 'private'),
  ...report('Financial Reports', 'reportProfitLoss', 'Profit and Loss Report', undefined, 'private'),
  ...report('Financial Reports', 'reportExpense', 'Expense Report', undefined, 'private'),
  ...report('Financial Reports', 'reportSupplier', 'Supplier Report', undefined, 'private'),
  ...report('Financial Reports', 'reportTax', 'Tax Report', undefined, 'private'),
  one('settings', 'Settings', 'Settings', 'private'),
  one('businessInfoSettings', 'Business Info Settings', 'Settings', 'private'),
  one('appearanceSettings', 'Appearance Settings', 'Settings', 'private'),
  one('emailSettings', 'Email Settings', 'Settings', 'private'),
  one('securitySettings', 'Security Settings', 'Settings', 'private'),
  one('backupSettings', 'Backup Settings', 'Settings', 'private'),
  one('applicationLogs', 'Application Logs', 'Audit Logs'),
];

/** Every key the catalogue holds: routes, the menu, the router guard and list actions name keys of this type. */
export type PermissionKey = (typeof CATALOGUE)[number]['key'];
export type Permission = PermissionOf<PermissionKey>;
export const PERMISSIONS: readonly Permission[] = CATALOGUE;

/** The words of the records with the five catalogue calls: `product` → productList, productAdd… */
export type CrudWord = {
  [Key in PermissionKey]: Key extends `${infer Word}BulkDelete` ? Word : never;
}[PermissionKey];

export const PERMISSION_KEYS: ReadonlySet<string> = new Set(PERMISSIONS.map((p) => p.key));
export const isPermissionKey = (key: string): key is PermissionKey => PERMISSION_KEYS.has(key);
export const PUBLIC_PERMISSIONS = PERMISSIONS.filter((p) => p.visibility === 'public');
