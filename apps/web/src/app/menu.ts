// The left menu (part 1 §2): each item shows only when the user holds its key; a group shows when one item does.
import {
  consolidatedSalesReport,
  dailySalesReport,
  monthlySalesReport,
  type PermissionKey,
  type ReportDeclaration,
  stockAgingReport,
  stockBalanceReport,
  stockLowAlertReport,
  stockReport,
  weeklySalesReport,
} from '@duka/shared';

export interface MenuItem {
  label: string;
  path: string;
  /** Undefined: every signed-in user. */
  permission?: PermissionKey;
  /** Other pages under this item, which keep it highlighted (a receipt opened from Sales). */
  also?: string[];
}
export interface MenuGroup {
  label: string;
  items: MenuItem[];
}

/** A report's entry: its title, its screen at the report's own path, behind its List key. */
const reportItem = (report: ReportDeclaration): MenuItem => ({
  label: report.title,
  path: report.path,
  permission: report.keys.list,
});

export const MENU: MenuGroup[] = [
  { label: 'Home', items: [{ label: 'Home', path: '/home' }] },
  { label: 'Dashboard', items: [{ label: 'Dashboard', path: '/dashboard', permission: 'dashboard' }] },
  {
    label: 'Manage Accounts',
    items: [
      { label: 'Roles', path: '/rolelist', permission: 'roleList' },
      { label: 'Users', path: '/userlist', permission: 'userList' },
    ],
  },
  {
    label: 'Manage Stock',
    items: [
      { label: 'Categories', path: '/categorylist', permission: 'categoryList' },
      { label: 'Products', path: '/productlist', permission: 'productList' },
      { label: 'Brands', path: '/brandlist', permission: 'brandList' },
      { label: 'Measurement', path: '/measurementlist', permission: 'measurementList' },
      { label: 'Suppliers', path: '/supplierlist', permission: 'supplierList' },
      { label: 'Stock Records', path: '/stocklist', permission: 'stockList' },
      { label: 'Stock Levels', path: '/stocklevel', permission: 'stockLevel' },
      { label: 'Stock Write-offs', path: '/stockadjustmentlist', permission: 'stockAdjustmentList' },
    ],
  },
  {
    label: 'Manage Sales',
    items: [
      { label: 'POS', path: '/salespos', permission: 'salesPOS' },
      { label: 'Sales', path: '/saleslist', permission: 'salesList', also: ['/salesreceipt', '/salesinvoice'] },
    ],
  },
  {
    // Sales reports, then inventory reports (part 1 §2: Reports > Sales Reports, Inventory Reports).
    label: 'Reports',
    items: [
      dailySalesReport,
      weeklySalesReport,
      monthlySalesReport,
      consolidatedSalesReport,
      stockReport,
      stockBalanceReport,
      stockLowAlertReport,
      stockAgingReport,
    ].map(reportItem),
  },
  {
    label: 'Manage Settings',
    items: [
      { label: 'Business Info', path: '/businessinfosettings', permission: 'businessInfoSettings' },
      { label: 'Appearance', path: '/appearancesettings', permission: 'appearanceSettings' },
      { label: 'Email', path: '/emailsettings', permission: 'emailSettings' },
      { label: 'Security', path: '/securitysettings', permission: 'securitySettings' },
      { label: 'Backups', path: '/backupsettings', permission: 'backupSettings' },
    ],
  },
  { label: 'Trash', items: [{ label: 'Trash', path: '/trash', permission: 'trash' }] },
  {
    label: 'Audit Logs',
    items: [{ label: 'Application', path: '/applicationloglist', permission: 'applicationLogs' }],
  },
];
