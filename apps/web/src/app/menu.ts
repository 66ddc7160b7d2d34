// The left menu: each item shows only when the user holds its key; a group shows when one item does.
import {
  awaitingDeliveryReport,
  FINANCIAL_REPORTS,
  type ListLink,
  payablesReport,
  receivablesReport,
  SALES_REPORTS,
  STOCK_REPORTS,
} from 'virtual:list-links';
import type { PermissionKey } from '@duka/shared';

export interface MenuItem {
  label: string;
  /** Absent on a sub-group (Reports > Sales Reports), which opens its `items` instead. */
  path?: string;
  /** Undefined: every signed-in user. */
  permission?: PermissionKey;
  /** Other pages under this item, which keep it highlighted (a receipt opened from Sales). */
  also?: string[];
  /** Sub-entries: the item is a sub-group, shown when one of them is. */
  items?: MenuItem[];
}
export interface MenuGroup {
  label: string;
  items: MenuItem[];
}

/** A report's entry: its title, its screen at the report's own path, behind its List key. */
const reportItem = (report: ListLink): MenuItem => ({
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
      { label: 'Suppliers', path: '/supplierlist', permission: 'supplierList', also: ['/supplierstatement'] },
      {
        label: 'Customers',
        path: '/customerlist',
        permission: 'customerList',
        also: ['/customercreate', '/customerupdate', '/customershow', '/customerpaymentreceipt'],
      },
      { label: 'Stock Records', path: '/stocklist', permission: 'stockList' },
      { label: 'Stock Levels', path: '/stocklevel', permission: 'stockLevel' },
      { label: 'Stock Write-offs', path: '/stockadjustmentlist', permission: 'stockAdjustmentList' },
      { label: 'Stock Discrepancies', path: '/stockdiscrepancies', permission: 'stockDiscrepancyList' },
    ],
  },
  {
    label: 'Purchasing',
    items: [
      {
        label: 'Purchase Orders',
        path: '/purchaseorderlist',
        permission: 'purchaseOrderList',
        also: ['/purchaseordercreate', '/purchaseorderupdate', '/purchaseordershow', '/purchaseordersuggestions'],
      },
      {
        label: 'Goods Received',
        path: '/goodsreceivedlist',
        permission: 'goodsReceivedList',
        also: ['/goodsreceivedcreate', '/goodsreceivedshow'],
      },
    ],
  },
  {
    label: 'Manage Sales',
    items: [
      { label: 'POS', path: '/salespos', permission: 'salesPOS' },
      {
        label: 'Sales',
        path: '/saleslist',
        permission: 'salesList',
        also: ['/salesreceipt', '/salesinvoice', '/salesreturn'],
      },
      {
        label: 'Quotations',
        path: '/quotationlist',
        permission: 'quotationList',
        also: ['/quotationcreate', '/quotationupdate', '/quotationshow'],
      },
      {
        label: 'Delivery Notes',
        path: '/deliverynotelist',
        permission: 'deliveryNoteList',
        also: ['/deliverynotecreate', '/deliverynoteshow'],
      },
      { label: 'Cash-up', path: '/salescashup', permission: 'salesCashUp', also: ['/salescashupreport'] },
      { label: 'Cash-ups', path: '/salescashuplist', permission: 'salesCashUpList' },
      {
        label: 'Expenses',
        path: '/expenselist',
        permission: 'expenseList',
        also: ['/expensecreate', '/expenseupdate'],
      },
    ],
  },
  {
    // Reports > Sales Reports, Inventory Reports, Customer Reports, Purchasing Reports, each listing the reports the user
    // may open.
    label: 'Reports',
    items: [
      {
        label: 'Sales Reports',
        items: [...SALES_REPORTS.map(reportItem), reportItem(awaitingDeliveryReport)],
      },
      {
        label: 'Inventory Reports',
        items: STOCK_REPORTS.map(reportItem),
      },
      {
        label: 'Customer Reports',
        items: [reportItem(receivablesReport)],
      },
      {
        label: 'Purchasing Reports',
        items: [reportItem(payablesReport)],
      },
    ],
  },
  {
    // Private keys: only the Administrator sees this group.
    label: 'Financial Reports',
    items: FINANCIAL_REPORTS.map(reportItem),
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

/** The entries a user may open: items by key, sub-groups and groups while one of their entries is left. */
export function visibleMenu(can: (key: PermissionKey | undefined) => boolean): MenuGroup[] {
  const visible = (items: MenuItem[]): MenuItem[] =>
    items.flatMap((item) => {
      if (!item.items) return can(item.permission) ? [item] : [];
      const inner = visible(item.items);
      return inner.length > 0 ? [{ ...item, items: inner }] : [];
    });
  return MENU.map((group) => ({ ...group, items: visible(group.items) })).filter((group) => group.items.length > 0);
}
