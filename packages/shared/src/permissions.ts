// The permission catalogue: every key the server checks and the menu shows, built once from the seeds
// (part 1 §3, part 2 §6). Private keys are granted only through the built-in Administrator role.

export type PermissionCategory =
  | 'Others'
  | 'Role'
  | 'User'
  | 'Category'
  | 'Product'
  | 'Brand'
  | 'Measurement'
  | 'Supplier'
  | 'Stock'
  | 'Sales'
  | 'Expense'
  | 'Sales Reports'
  | 'Inventory Reports'
  | 'Financial Reports'
  | 'Settings'
  | 'Audit Logs';

export interface Permission {
  key: string;
  name: string;
  category: PermissionCategory;
  visibility: 'public' | 'private';
}

const crud = (category: PermissionCategory, word: string, label: string, actions: string[]): Permission[] =>
  actions.map((action) => ({
    key: `${word}${action.replace(/ /g, '')}`,
    name: `${action} ${label}`,
    category,
    visibility: 'public',
  }));

const CRUD = ['Add', 'List', 'Edit', 'Delete', 'Bulk Delete'];
const report = (
  category: PermissionCategory,
  word: string,
  label: string,
  actions = ['List', 'Filter', 'Export'],
  visibility: Permission['visibility'] = 'public',
): Permission[] =>
  actions.map((action) => ({ key: `${word}${action}`, name: `${label} ${action}`, category, visibility }));

export const PERMISSIONS: readonly Permission[] = [
  { key: 'dashboard', name: 'Dashboard', category: 'Others', visibility: 'public' },
  { key: 'trash', name: 'Trash', category: 'Others', visibility: 'public' },
  ...crud('Role', 'role', 'Role', CRUD),
  ...crud('User', 'user', 'User', [...CRUD, 'Filter', 'Export', 'Lock Unlock']),
  ...crud('Category', 'category', 'Category', CRUD),
  ...crud('Product', 'product', 'Product', [...CRUD, 'Export']),
  ...crud('Brand', 'brand', 'Brand', CRUD),
  ...crud('Measurement', 'measurement', 'Measurement', CRUD),
  ...crud('Supplier', 'supplier', 'Supplier', [...CRUD, 'Export']),
  ...crud('Stock', 'stock', 'Stock', [...CRUD, 'Filter', 'Export']),
  { key: 'stockLevel', name: 'Stock Level', category: 'Stock', visibility: 'public' },
  { key: 'stockLevelExport', name: 'Stock Level Export', category: 'Stock', visibility: 'public' },
  ...report('Stock', 'stockAdjustment', 'Stock Adjustment', ['Add', 'List', 'Export']),
  { key: 'salesPOS', name: 'Sales POS', category: 'Sales', visibility: 'public' },
  ...crud('Sales', 'sales', 'Sales', ['List', 'Filter', 'Export']),
  { key: 'salesInvoice', name: 'Sales Invoice', category: 'Sales', visibility: 'public' },
  { key: 'salesReceipt', name: 'Sales Receipt', category: 'Sales', visibility: 'public' },
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
  { key: 'settings', name: 'Settings', category: 'Settings', visibility: 'private' },
  { key: 'businessInfoSettings', name: 'Business Info Settings', category: 'Settings', visibility: 'private' },
  { key: 'appearanceSettings', name: 'Appearance Settings', category: 'Settings', visibility: 'private' },
  { key: 'emailSettings', name: 'Email Settings', category: 'Settings', visibility: 'private' },
  { key: 'securitySettings', name: 'Security Settings', category: 'Settings', visibility: 'private' },
  { key: 'backupSettings', name: 'Backup Settings', category: 'Settings', visibility: 'private' },
  { key: 'applicationLogs', name: 'Application Logs', category: 'Audit Logs', visibility: 'public' },
];

export const PERMISSION_KEYS: ReadonlySet<string> = new Set(PERMISSIONS.map((p) => p.key));
export const PUBLIC_PERMISSIONS = PERMISSIONS.filter((p) => p.visibility === 'public');
