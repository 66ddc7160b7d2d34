import type { PermissionKey } from '@duka/shared';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { Component, isValidElement, lazy, type ReactNode, Suspense, useDeferredValue, useEffect } from 'react';
import {
  BrowserRouter,
  type Location,
  matchPath,
  matchRoutes,
  Navigate,
  Outlet,
  type RouteObject,
  useLocation,
  useRoutes,
} from 'react-router';
import { useMe } from '../api/auth.ts';
import { permissionsQuery } from '../api/permissions.ts';
import { isAwaiting } from '../api/queries.ts';
import { useBranding } from '../api/settings.ts';
import { AccessDenied } from '../components/AccessDenied.tsx';
import { lazyPage, type Preloadable } from '../components/lazy-page.tsx';
import { PageLoader } from '../components/PageLoader.tsx';
import { askDashboardEarly } from '../features/dashboard/dashboard-query.ts';
import { useScreenShown } from '../platform/screen-shown.ts';
import { readToken } from '../platform/session-storage.ts';
import { RequirePermission } from './RequirePermission.tsx';

// Every screen comes in its own chunk, loaded when first opened, and so do the signed-in
// shell and the dialogs: the sign-in page loads neither the menu, nor the offline till, nor the modals.
const Shell = lazyPage(() => import('./Shell.tsx'), 'Shell');
// The sign-in form comes in a chunk of its own with the form library, which boot.ts fetches beside the app when
// signed out: a signed-in reload loads neither.
const LoginPage = lazyPage(() => import('../features/auth/LoginPage.tsx'), 'LoginPage', { allStyles: false });
const Overlays = lazy(async () => ({ default: (await import('./Overlays.tsx')).Overlays }));
const NamedCreatePage = lazyPage(() => import('../components/form/NamedRecordForms.tsx'), 'NamedCreatePage');
const NamedUpdatePage = lazyPage(() => import('../components/form/NamedRecordForms.tsx'), 'NamedUpdatePage');
const FaqPage = lazyPage(() => import('../features/auth/FaqPage.tsx'), 'FaqPage');
const ForgotPasswordPage = lazyPage(() => import('../features/auth/ForgotPasswordPage.tsx'), 'ForgotPasswordPage');
const TwoFactorPage = lazyPage(() => import('../features/auth/TwoFactorPage.tsx'), 'TwoFactorPage');
const BackupSettingsPage = lazyPage(() => import('../features/backups/BackupSettingsPage.tsx'), 'BackupSettingsPage');
const BrandCreatePage = lazyPage(() => import('../features/brands/BrandFormPages.tsx'), 'BrandCreatePage');
const BrandUpdatePage = lazyPage(() => import('../features/brands/BrandFormPages.tsx'), 'BrandUpdatePage');
const BrandListPage = lazyPage(() => import('../features/brands/BrandListPage.tsx'), 'BrandListPage');
const MeasurementCreatePage = lazyPage(
  () => import('../features/measurements/MeasurementFormPages.tsx'),
  'MeasurementCreatePage',
);
const MeasurementUpdatePage = lazyPage(
  () => import('../features/measurements/MeasurementFormPages.tsx'),
  'MeasurementUpdatePage',
);
const CategoryListPage = lazyPage(() => import('../features/categories/CategoryListPage.tsx'), 'CategoryListPage');
const CustomerCreatePage = lazyPage(() => import('../features/customers/CustomerFormPages.tsx'), 'CustomerCreatePage');
const CustomerUpdatePage = lazyPage(() => import('../features/customers/CustomerFormPages.tsx'), 'CustomerUpdatePage');
const CustomerListPage = lazyPage(() => import('../features/customers/CustomerListPage.tsx'), 'CustomerListPage');
const CustomerShowPage = lazyPage(() => import('../features/customers/CustomerShowPage.tsx'), 'CustomerShowPage');
const CustomerPaymentReceiptPage = lazyPage(
  () => import('../features/customers/CustomerPaymentReceiptPage.tsx'),
  'CustomerPaymentReceiptPage',
);
const DashboardPage = Object.assign(
  lazyPage(() => import('../features/dashboard/DashboardPage.tsx'), 'DashboardPage'),
  {
    askEarly: askDashboardEarly,
  },
);
const ExpenseCreatePage = lazyPage(() => import('../features/expenses/ExpenseFormPages.tsx'), 'ExpenseCreatePage');
const ExpenseUpdatePage = lazyPage(() => import('../features/expenses/ExpenseFormPages.tsx'), 'ExpenseUpdatePage');
const ExpenseListPage = lazyPage(() => import('../features/expenses/ExpenseListPage.tsx'), 'ExpenseListPage');
const HomePage = lazyPage(() => import('../features/home/HomePage.tsx'), 'HomePage');
const ApplicationLogListPage = lazyPage(
  () => import('../features/logs/ApplicationLogListPage.tsx'),
  'ApplicationLogListPage',
);
const ApplicationLogShowPage = lazyPage(
  () => import('../features/logs/ApplicationLogShowPage.tsx'),
  'ApplicationLogShowPage',
);
const MeasurementListPage = lazyPage(
  () => import('../features/measurements/MeasurementListPage.tsx'),
  'MeasurementListPage',
);
const ProductCreatePage = lazyPage(() => import('../features/products/ProductFormPages.tsx'), 'ProductCreatePage');
const ProductUpdatePage = lazyPage(() => import('../features/products/ProductFormPages.tsx'), 'ProductUpdatePage');
const ProductListPage = lazyPage(() => import('../features/products/ProductListPage.tsx'), 'ProductListPage');
const ChangePasswordPage = lazyPage(() => import('../features/profile/ChangePasswordPage.tsx'), 'ChangePasswordPage');
const ProfilePage = lazyPage(() => import('../features/profile/ProfilePage.tsx'), 'ProfilePage');
const PurchaseOrderCreatePage = lazyPage(
  () => import('../features/purchasing/PurchaseOrderFormPages.tsx'),
  'PurchaseOrderCreatePage',
);
const PurchaseOrderUpdatePage = lazyPage(
  () => import('../features/purchasing/PurchaseOrderFormPages.tsx'),
  'PurchaseOrderUpdatePage',
);
const PurchaseOrderListPage = lazyPage(
  () => import('../features/purchasing/PurchaseOrderListPage.tsx'),
  'PurchaseOrderListPage',
);
const PurchaseOrderShowPage = lazyPage(
  () => import('../features/purchasing/PurchaseOrderShowPage.tsx'),
  'PurchaseOrderShowPage',
);
const ReorderSuggestionsPage = lazyPage(
  () => import('../features/purchasing/ReorderSuggestionsPage.tsx'),
  'ReorderSuggestionsPage',
);
const GoodsReceivedListPage = lazyPage(
  () => import('../features/purchasing/GoodsReceivedListPage.tsx'),
  'GoodsReceivedListPage',
);
const GoodsReceivedCreatePage = lazyPage(
  () => import('../features/purchasing/GoodsReceivedCreatePage.tsx'),
  'GoodsReceivedCreatePage',
);
const GoodsReceivedShowPage = lazyPage(
  () => import('../features/purchasing/GoodsReceivedShowPage.tsx'),
  'GoodsReceivedShowPage',
);
const QuotationListPage = lazyPage(() => import('../features/quotations/QuotationListPage.tsx'), 'QuotationListPage');
const QuotationCreatePage = lazyPage(
  () => import('../features/quotations/QuotationFormPages.tsx'),
  'QuotationCreatePage',
);
const QuotationUpdatePage = lazyPage(
  () => import('../features/quotations/QuotationFormPages.tsx'),
  'QuotationUpdatePage',
);
const QuotationShowPage = lazyPage(() => import('../features/quotations/QuotationShowPage.tsx'), 'QuotationShowPage');
const DeliveryNoteListPage = lazyPage(
  () => import('../features/quotations/DeliveryNoteListPage.tsx'),
  'DeliveryNoteListPage',
);
const DeliveryNoteCreatePage = lazyPage(
  () => import('../features/quotations/DeliveryNoteCreatePage.tsx'),
  'DeliveryNoteCreatePage',
);
const DeliveryNoteShowPage = lazyPage(
  () => import('../features/quotations/DeliveryNoteShowPage.tsx'),
  'DeliveryNoteShowPage',
);
const RoleListPage = lazyPage(() => import('../features/roles/RoleListPage.tsx'), 'RoleListPage');
const RolePermissionPage = lazyPage(() => import('../features/roles/RolePermissionPage.tsx'), 'RolePermissionPage');
const InvoicePage = lazyPage(() => import('../features/sales/InvoicePage.tsx'), 'InvoicePage');
const PosPage = lazyPage(() => import('../features/sales/PosPage.tsx'), 'PosPage');
const ReceiptPage = lazyPage(() => import('../features/sales/ReceiptPage.tsx'), 'ReceiptPage');
const OfflineReceiptPage = lazyPage(() => import('../features/sales/OfflineReceiptPage.tsx'), 'OfflineReceiptPage');
const CashUpPage = lazyPage(() => import('../features/till/CashUpPage.tsx'), 'CashUpPage');
const CashUpListPage = lazyPage(() => import('../features/till/CashUpListPage.tsx'), 'CashUpListPage');
const ReturnPage = lazyPage(() => import('../features/till/ReturnPage.tsx'), 'ReturnPage');
const ReturnReceiptPage = lazyPage(() => import('../features/till/ReturnReceiptPage.tsx'), 'ReturnReceiptPage');
const ZReportPage = lazyPage(() => import('../features/till/ZReportPage.tsx'), 'ZReportPage');
const SalesListPage = lazyPage(() => import('../features/sales/SalesListPage.tsx'), 'SalesListPage');
const AppearanceSettingsPage = lazyPage(
  () => import('../features/settings/AppearanceSettingsPage.tsx'),
  'AppearanceSettingsPage',
);
const BusinessInfoSettingsPage = lazyPage(
  () => import('../features/settings/BusinessInfoSettingsPage.tsx'),
  'BusinessInfoSettingsPage',
);
const EmailSettingsPage = lazyPage(() => import('../features/settings/EmailSettingsPage.tsx'), 'EmailSettingsPage');
const SecuritySettingsPage = lazyPage(
  () => import('../features/settings/SecuritySettingsPage.tsx'),
  'SecuritySettingsPage',
);
const StockAdjustmentCreatePage = lazyPage(
  () => import('../features/stock/StockAdjustmentCreatePage.tsx'),
  'StockAdjustmentCreatePage',
);
const StockAdjustmentListPage = lazyPage(
  () => import('../features/stock/StockAdjustmentListPage.tsx'),
  'StockAdjustmentListPage',
);
const StockDiscrepancyListPage = lazyPage(
  () => import('../features/stock/StockDiscrepancyListPage.tsx'),
  'StockDiscrepancyListPage',
);
const StockCreatePage = lazyPage(() => import('../features/stock/StockFormPages.tsx'), 'StockCreatePage');
const StockUpdatePage = lazyPage(() => import('../features/stock/StockFormPages.tsx'), 'StockUpdatePage');
const StockLevelPage = lazyPage(() => import('../features/stock/StockLevelPage.tsx'), 'StockLevelPage');
const StockListPage = lazyPage(() => import('../features/stock/StockListPage.tsx'), 'StockListPage');
const StockShowPage = lazyPage(() => import('../features/stock/StockShowPage.tsx'), 'StockShowPage');
const SupplierCreatePage = lazyPage(() => import('../features/suppliers/SupplierFormPages.tsx'), 'SupplierCreatePage');
const SupplierUpdatePage = lazyPage(() => import('../features/suppliers/SupplierFormPages.tsx'), 'SupplierUpdatePage');
const SupplierListPage = lazyPage(() => import('../features/suppliers/SupplierListPage.tsx'), 'SupplierListPage');
const SupplierStatementPage = lazyPage(
  () => import('../features/payables/SupplierStatementPage.tsx'),
  'SupplierStatementPage',
);
const TrashPage = lazyPage(() => import('../features/trash/TrashPage.tsx'), 'TrashPage');
const UserCreatePage = lazyPage(() => import('../features/users/UserFormPages.tsx'), 'UserCreatePage');
const UserUpdatePage = lazyPage(() => import('../features/users/UserFormPages.tsx'), 'UserUpdatePage');
const UserListPage = lazyPage(() => import('../features/users/UserListPage.tsx'), 'UserListPage');
const UserShowPage = lazyPage(() => import('../features/users/UserShowPage.tsx'), 'UserShowPage');
/**
 * A report's screen, at its declaration's path, or "This page does not exist.": the other addresses. The reports'
 * table comes in a chunk of its own with the first report opened (or an unknown address): their declarations carry
 * every report's schemas, which the first page would otherwise fetch and build.
 */
const ReportOrMissingPage = lazyPage(async () => {
  const {
    CUSTOMER_REPORT_SCREENS,
    FINANCIAL_REPORT_SCREENS,
    INVENTORY_REPORT_SCREENS,
    PURCHASING_REPORT_SCREENS,
    SALES_REPORT_SCREENS,
  } = await import('../features/reports/report-screens.tsx');
  const screens = [
    ...SALES_REPORT_SCREENS,
    ...INVENTORY_REPORT_SCREENS,
    ...CUSTOMER_REPORT_SCREENS,
    ...PURCHASING_REPORT_SCREENS,
    ...FINANCIAL_REPORT_SCREENS,
  ];
  function ReportOrMissing() {
    const { pathname } = useLocation();
    const screen = screens.find(({ report }) => matchPath(report.path, pathname));
    if (!screen) return <AccessDenied message="This page does not exist." />;
    const { report, page: Page } = screen;
    return (
      <RequirePermission permission={report.keys.list}>
        <Page />
      </RequirePermission>
    );
  }
  return { ReportOrMissing };
}, 'ReportOrMissing');

/** index.html's icon link, and the app's own icon it holds (written into the page, so it costs no request). */
const pageIcon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
const APP_ICON = pageIcon?.getAttribute('href') ?? '';

/** The favicon and title follow the appearance settings; its own component, so their answer renders nothing else. */
function Branding() {
  const branding = useBranding();
  const icon = branding.data?.favicon || APP_ICON;
  useEffect(() => {
    if (pageIcon && pageIcon.getAttribute('href') !== icon) pageIcon.setAttribute('href', icon);
  }, [icon]);
  if (branding.data?.name) document.title = branding.data.name;
  return null;
}

/** The dialogs and notices, one element kept across renders: the navigations that render Root leave them be. */
const OVERLAYS = (
  <Suspense fallback={null}>
    <Overlays />
  </Suspense>
);

/** Every page: the branding, and once a signed-in screen has shown the dialogs and notices (screen-shown.ts). */
function Root() {
  const hasOverlays = useScreenShown();
  return (
    <>
      <Branding />
      <Outlet />
      {hasOverlays && OVERLAYS}
    </>
  );
}

/** Public pages: a signed-in user is sent Home. */
function PublicOnly() {
  return readToken() ? <Navigate to="/home" replace /> : <Outlet />;
}

/** Signed-in pages: without a token, to Login; with a password to change, to the change page first. */
function RequireSignIn() {
  const location = useLocation();
  const me = useMe();
  // The screen waits for the user's keys as well: asked alongside the user (main.tsx asks both before the first
  // render), and the shell opens once both are in, in one pass instead of one per answer.
  const access = useQuery(permissionsQuery());
  // Screens format days in the shop's time zone, which arrives with the user.
  const isAsking = isAwaiting(me) || isAwaiting(access);
  // The shell and the screen are built at transition priority, which React splits into short slices: a phone stays
  // responsive while they are built, instead of freezing for the whole of it.
  const isShellShown = useDeferredValue(!isAsking, false);
  if (!readToken()) return <Navigate to="/" replace />;
  if (isAsking || !isShellShown) return <PageLoader />;
  if (me.data?.must_change_password && location.pathname !== '/usersettings') {
    return <Navigate to="/usersettings" replace />;
  }
  return <Shell />;
}

const guarded = (path: string, permission: PermissionKey, element: ReactNode) => ({
  path,
  element: <RequirePermission permission={permission}>{element}</RequirePermission>,
});

const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: '/', element: <LoginPage /> },
          { path: '/forgotpassword', element: <ForgotPasswordPage /> },
          { path: '/faqpublic', element: <FaqPage /> },
        ],
      },
      // Reachable without a token: it finishes a sign-in that passed the password step.
      { path: '/twofa', element: <TwoFactorPage /> },
      {
        element: <RequireSignIn />,
        children: [
          { path: '/home', element: <HomePage /> },
          guarded('/dashboard', 'dashboard', <DashboardPage />),
          { path: '/profile', element: <ProfilePage /> },
          { path: '/usersettings', element: <ChangePasswordPage /> },
          guarded('/rolelist', 'roleList', <RoleListPage />),
          guarded('/rolecreate', 'roleAdd', <NamedCreatePage entity="role" />),
          guarded('/roleupdate/:id', 'roleEdit', <NamedUpdatePage entity="role" />),
          guarded('/rolepermission/:id', 'roleEdit', <RolePermissionPage />),
          guarded('/userlist', 'userList', <UserListPage />),
          guarded('/usercreate', 'userAdd', <UserCreatePage />),
          guarded('/userupdate/:id', 'userEdit', <UserUpdatePage />),
          guarded('/usershow/:id', 'userList', <UserShowPage />),
          guarded('/categorylist', 'categoryList', <CategoryListPage />),
          guarded('/categorycreate', 'categoryAdd', <NamedCreatePage entity="category" />),
          guarded('/categoryupdate/:id', 'categoryEdit', <NamedUpdatePage entity="category" />),
          guarded('/productlist', 'productList', <ProductListPage />),
          guarded('/productcreate', 'productAdd', <ProductCreatePage />),
          guarded('/productupdate/:id', 'productEdit', <ProductUpdatePage />),
          guarded('/brandlist', 'brandList', <BrandListPage />),
          guarded('/brandcreate', 'brandAdd', <BrandCreatePage />),
          guarded('/brandupdate/:id', 'brandEdit', <BrandUpdatePage />),
          guarded('/measurementlist', 'measurementList', <MeasurementListPage />),
          guarded('/measurementcreate', 'measurementAdd', <MeasurementCreatePage />),
          guarded('/measurementupdate/:id', 'measurementEdit', <MeasurementUpdatePage />),
          guarded('/supplierlist', 'supplierList', <SupplierListPage />),
          guarded('/suppliercreate', 'supplierAdd', <SupplierCreatePage />),
          guarded('/supplierupdate/:id', 'supplierEdit', <SupplierUpdatePage />),
          guarded('/supplierstatement/:id', 'supplierStatement', <SupplierStatementPage />),
          guarded('/customerlist', 'customerList', <CustomerListPage />),
          guarded('/customercreate', 'customerAdd', <CustomerCreatePage />),
          guarded('/customerupdate/:id', 'customerEdit', <CustomerUpdatePage />),
          guarded('/customershow/:id', 'customerList', <CustomerShowPage />),
          guarded('/customerpaymentreceipt/:id', 'customerPayment', <CustomerPaymentReceiptPage />),
          guarded('/stocklist', 'stockList', <StockListPage />),
          guarded('/stockcreate', 'stockAdd', <StockCreatePage />),
          guarded('/stockupdate/:id', 'stockEdit', <StockUpdatePage />),
          guarded('/stockshow/:id', 'stockList', <StockShowPage />),
          guarded('/stocklevel', 'stockLevel', <StockLevelPage />),
          guarded('/stockadjustmentlist', 'stockAdjustmentList', <StockAdjustmentListPage />),
          guarded('/stockdiscrepancies', 'stockDiscrepancyList', <StockDiscrepancyListPage />),
          guarded('/stockadjustmentcreate', 'stockAdjustmentAdd', <StockAdjustmentCreatePage />),
          guarded('/purchaseorderlist', 'purchaseOrderList', <PurchaseOrderListPage />),
          guarded('/purchaseordercreate', 'purchaseOrderAdd', <PurchaseOrderCreatePage />),
          guarded('/purchaseorderupdate/:id', 'purchaseOrderEdit', <PurchaseOrderUpdatePage />),
          guarded('/purchaseordershow/:id', 'purchaseOrderList', <PurchaseOrderShowPage />),
          guarded('/purchaseordersuggestions', 'purchaseOrderAdd', <ReorderSuggestionsPage />),
          guarded('/goodsreceivedlist', 'goodsReceivedList', <GoodsReceivedListPage />),
          guarded('/goodsreceivedcreate', 'goodsReceivedAdd', <GoodsReceivedCreatePage />),
          guarded('/goodsreceivedshow/:id', 'goodsReceivedList', <GoodsReceivedShowPage />),
          guarded('/salespos', 'salesPOS', <PosPage />),
          guarded('/saleslist', 'salesList', <SalesListPage />),
          guarded('/salesreceipt/:id', 'salesReceipt', <ReceiptPage />),
          guarded('/salesofflinereceipt/:key', 'salesPOS', <OfflineReceiptPage />),
          guarded('/salesinvoice/:id', 'salesInvoice', <InvoicePage />),
          guarded('/salesreturn/:id', 'salesReturn', <ReturnPage />),
          guarded('/salesreturnreceipt/:id', 'salesReturn', <ReturnReceiptPage />),
          guarded('/quotationlist', 'quotationList', <QuotationListPage />),
          guarded('/quotationcreate', 'quotationAdd', <QuotationCreatePage />),
          guarded('/quotationupdate/:id', 'quotationEdit', <QuotationUpdatePage />),
          guarded('/quotationshow/:id', 'quotationList', <QuotationShowPage />),
          guarded('/deliverynotelist', 'deliveryNoteList', <DeliveryNoteListPage />),
          guarded('/deliverynotecreate', 'deliveryNoteAdd', <DeliveryNoteCreatePage />),
          guarded('/deliverynoteshow/:id', 'deliveryNoteList', <DeliveryNoteShowPage />),
          guarded('/salescashup', 'salesCashUp', <CashUpPage />),
          guarded('/salescashuplist', 'salesCashUpList', <CashUpListPage />),
          guarded('/salescashupreport/:id', 'salesCashUp', <ZReportPage />),
          guarded('/expenselist', 'expenseList', <ExpenseListPage />),
          guarded('/expensecreate', 'expenseAdd', <ExpenseCreatePage />),
          guarded('/expenseupdate/:id', 'expenseEdit', <ExpenseUpdatePage />),
          guarded('/businessinfosettings', 'businessInfoSettings', <BusinessInfoSettingsPage />),
          guarded('/trash', 'trash', <TrashPage />),
          guarded('/applicationloglist', 'applicationLogs', <ApplicationLogListPage />),
          guarded('/applicationlogshow/:id', 'applicationLogs', <ApplicationLogShowPage />),
          guarded('/appearancesettings', 'appearanceSettings', <AppearanceSettingsPage />),
          guarded('/securitysettings', 'securitySettings', <SecuritySettingsPage />),
          guarded('/emailsettings', 'emailSettings', <EmailSettingsPage />),
          guarded('/backupsettings', 'backupSettings', <BackupSettingsPage />),
          // The reports, each at its own path, and the addresses that are no page.
          { path: '*', element: <ReportOrMissingPage /> },
        ],
      },
    ],
  },
];

/**
 * What a screen that failed to render (its chunk could not be fetched, or it threw) shows instead of the page, as React
 * Router's own boundary did; the next navigation tries again.
 */
type BoundaryProps = { location: Location; children: ReactNode };
/** The error caught, and the address it was caught at. */
type BoundaryState = { error?: unknown; at?: Location };
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = {};
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    if (state.error === undefined) return { at: props.location };
    return state.at === props.location ? null : { error: undefined, at: props.location };
  }
  render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    return (
      <>
        <h2>Unexpected Application Error!</h2>
        <h3 style={{ fontStyle: 'italic' }}>{error instanceof Error ? error.message : JSON.stringify(error)}</h3>
        {error instanceof Error && error.stack ? (
          <pre style={{ padding: '0.5rem', backgroundColor: 'rgba(200,200,200, 0.5)' }}>{error.stack}</pre>
        ) : null}
      </>
    );
  }
}

function Screens() {
  const location = useLocation();
  return <RouteErrorBoundary location={location}>{useRoutes(routes, location)}</RouteErrorBoundary>;
}

/**
 * The app's pages at the address bar's path. Declared routes matched on render, without React Router's data router
 * (loaders, actions, fetchers), which the app does not use: half of the router library's code, fetched and run by
 * every first page.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Screens />
    </BrowserRouter>
  );
}

/** The lazy screen an element shows, itself or inside its guard. */
function screenOf(element: ReactNode): Preloadable | undefined {
  if (!isValidElement(element)) return undefined;
  const type = element.type as Preloadable;
  return type.preload ? type : screenOf((element.props as { children?: ReactNode }).children);
}

/**
 * A signed-in reload or opened link fetches the shell's and the screen's chunks at once, alongside the session and
 * permission checks that come before them, instead of one after the other.
 */
export function preloadShell() {
  if (readToken()) (Shell as Preloadable).preload?.();
}
export function preloadOpenedScreen() {
  if (!readToken()) return;
  for (const screen of openedScreens()) screen.preload?.();
}

/** The opened screen's first question, asked alongside the session's when it needs nothing from them. */
export function askOpenedScreenEarly(client: QueryClient) {
  if (!readToken()) return;
  for (const screen of openedScreens()) screen.askEarly?.(client);
}

let opened: Preloadable[] | undefined;
/** The lazy screens of the address opened, matched once (matching ranks every route). */
const openedScreens = () => {
  opened ??= (matchRoutes(routes, window.location) ?? []).flatMap(({ route }) => screenOf(route.element) ?? []);
  return opened;
};
