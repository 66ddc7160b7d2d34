import type { PermissionKey } from '@duka/shared';
import { useFavicon } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation } from 'react-router';
import { useBranding, useMe } from '../api/auth.ts';
import { AccessDenied } from '../components/AccessDenied.tsx';
import { NamedCreatePage, NamedUpdatePage } from '../components/form/NamedRecordForms.tsx';
import { CATEGORY, MEASUREMENT, ROLE } from '../components/form/named-entities.ts';
import { PageLoader } from '../components/PageLoader.tsx';
import { FaqPage } from '../features/auth/FaqPage.tsx';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { TwoFactorPage } from '../features/auth/TwoFactorPage.tsx';
import { BackupSettingsPage } from '../features/backups/BackupSettingsPage.tsx';
import { BrandCreatePage, BrandUpdatePage } from '../features/brands/BrandFormPages.tsx';
import { BrandListPage } from '../features/brands/BrandListPage.tsx';
import { CategoryListPage } from '../features/categories/CategoryListPage.tsx';
import { DashboardPage } from '../features/dashboard/DashboardPage.tsx';
import { ExpenseCreatePage, ExpenseUpdatePage } from '../features/expenses/ExpenseFormPages.tsx';
import { ExpenseListPage } from '../features/expenses/ExpenseListPage.tsx';
import { HomePage } from '../features/home/HomePage.tsx';
import { ApplicationLogListPage } from '../features/logs/ApplicationLogListPage.tsx';
import { ApplicationLogShowPage } from '../features/logs/ApplicationLogShowPage.tsx';
import { MeasurementListPage } from '../features/measurements/MeasurementListPage.tsx';
import { ProductCreatePage, ProductUpdatePage } from '../features/products/ProductFormPages.tsx';
import { ProductListPage } from '../features/products/ProductListPage.tsx';
import { ChangePasswordPage } from '../features/profile/ChangePasswordPage.tsx';
import { ProfilePage } from '../features/profile/ProfilePage.tsx';
import {
  FINANCIAL_REPORT_SCREENS,
  INVENTORY_REPORT_SCREENS,
  SALES_REPORT_SCREENS,
} from '../features/reports/report-screens.tsx';
import { RoleListPage } from '../features/roles/RoleListPage.tsx';
import { RolePermissionPage } from '../features/roles/RolePermissionPage.tsx';
import { InvoicePage } from '../features/sales/InvoicePage.tsx';
import { PosPage } from '../features/sales/PosPage.tsx';
import { ReceiptPage } from '../features/sales/ReceiptPage.tsx';
import { SalesListPage } from '../features/sales/SalesListPage.tsx';
import { AppearanceSettingsPage } from '../features/settings/AppearanceSettingsPage.tsx';
import { BusinessInfoSettingsPage } from '../features/settings/BusinessInfoSettingsPage.tsx';
import { EmailSettingsPage } from '../features/settings/EmailSettingsPage.tsx';
import { SecuritySettingsPage } from '../features/settings/SecuritySettingsPage.tsx';
import { StockAdjustmentCreatePage } from '../features/stock/StockAdjustmentCreatePage.tsx';
import { StockAdjustmentListPage } from '../features/stock/StockAdjustmentListPage.tsx';
import { StockCreatePage, StockUpdatePage } from '../features/stock/StockFormPages.tsx';
import { StockLevelPage } from '../features/stock/StockLevelPage.tsx';
import { StockListPage } from '../features/stock/StockListPage.tsx';
import { StockShowPage } from '../features/stock/StockShowPage.tsx';
import { SupplierCreatePage, SupplierUpdatePage } from '../features/suppliers/SupplierFormPages.tsx';
import { SupplierListPage } from '../features/suppliers/SupplierListPage.tsx';
import { TrashPage } from '../features/trash/TrashPage.tsx';
import { UserCreatePage, UserUpdatePage } from '../features/users/UserFormPages.tsx';
import { UserListPage } from '../features/users/UserListPage.tsx';
import { UserShowPage } from '../features/users/UserShowPage.tsx';
import { RequirePermission } from './RequirePermission.tsx';
import { Shell } from './Shell.tsx';
import { readToken } from './session-storage.ts';

/** Every page: the favicon and title follow the appearance settings. */
function Root() {
  const branding = useBranding();
  useFavicon(branding.data?.favicon ?? '/favicon.svg');
  if (branding.data?.name) document.title = branding.data.name;
  return <Outlet />;
}

/** Public pages: a signed-in user is sent Home (part 2 §2.11). */
function PublicOnly() {
  return readToken() ? <Navigate to="/home" replace /> : <Outlet />;
}

/** Signed-in pages: without a token, to Login; with a password to change, to the change page first. */
function RequireSignIn() {
  const location = useLocation();
  const me = useMe();
  if (!readToken()) return <Navigate to="/" replace />;
  // Screens format days in the shop's time zone, which arrives with the user.
  if (me.isPending) return <PageLoader />;
  if (me.data?.must_change_password && location.pathname !== '/usersettings') {
    return <Navigate to="/usersettings" replace />;
  }
  return <Shell />;
}

const guarded = (path: string, permission: PermissionKey, element: ReactNode) => ({
  path,
  element: <RequirePermission permission={permission}>{element}</RequirePermission>,
});

export const router = createBrowserRouter([
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
          guarded('/rolecreate', 'roleAdd', <NamedCreatePage entity={ROLE} />),
          guarded('/roleupdate/:id', 'roleEdit', <NamedUpdatePage entity={ROLE} />),
          guarded('/rolepermission/:id', 'roleEdit', <RolePermissionPage />),
          guarded('/userlist', 'userList', <UserListPage />),
          guarded('/usercreate', 'userAdd', <UserCreatePage />),
          guarded('/userupdate/:id', 'userEdit', <UserUpdatePage />),
          guarded('/usershow/:id', 'userList', <UserShowPage />),
          guarded('/categorylist', 'categoryList', <CategoryListPage />),
          guarded('/categorycreate', 'categoryAdd', <NamedCreatePage entity={CATEGORY} />),
          guarded('/categoryupdate/:id', 'categoryEdit', <NamedUpdatePage entity={CATEGORY} />),
          guarded('/productlist', 'productList', <ProductListPage />),
          guarded('/productcreate', 'productAdd', <ProductCreatePage />),
          guarded('/productupdate/:id', 'productEdit', <ProductUpdatePage />),
          guarded('/brandlist', 'brandList', <BrandListPage />),
          guarded('/brandcreate', 'brandAdd', <BrandCreatePage />),
          guarded('/brandupdate/:id', 'brandEdit', <BrandUpdatePage />),
          guarded('/measurementlist', 'measurementList', <MeasurementListPage />),
          guarded('/measurementcreate', 'measurementAdd', <NamedCreatePage entity={MEASUREMENT} />),
          guarded('/measurementupdate/:id', 'measurementEdit', <NamedUpdatePage entity={MEASUREMENT} />),
          guarded('/supplierlist', 'supplierList', <SupplierListPage />),
          guarded('/suppliercreate', 'supplierAdd', <SupplierCreatePage />),
          guarded('/supplierupdate/:id', 'supplierEdit', <SupplierUpdatePage />),
          guarded('/stocklist', 'stockList', <StockListPage />),
          guarded('/stockcreate', 'stockAdd', <StockCreatePage />),
          guarded('/stockupdate/:id', 'stockEdit', <StockUpdatePage />),
          guarded('/stockshow/:id', 'stockList', <StockShowPage />),
          guarded('/stocklevel', 'stockLevel', <StockLevelPage />),
          guarded('/stockadjustmentlist', 'stockAdjustmentList', <StockAdjustmentListPage />),
          guarded('/stockadjustmentcreate', 'stockAdjustmentAdd', <StockAdjustmentCreatePage />),
          guarded('/salespos', 'salesPOS', <PosPage />),
          guarded('/saleslist', 'salesList', <SalesListPage />),
          guarded('/salesreceipt/:id', 'salesReceipt', <ReceiptPage />),
          guarded('/salesinvoice/:id', 'salesInvoice', <InvoicePage />),
          guarded('/expenselist', 'expenseList', <ExpenseListPage />),
          guarded('/expensecreate', 'expenseAdd', <ExpenseCreatePage />),
          guarded('/expenseupdate/:id', 'expenseEdit', <ExpenseUpdatePage />),
          ...[...SALES_REPORT_SCREENS, ...INVENTORY_REPORT_SCREENS, ...FINANCIAL_REPORT_SCREENS].map(
            ({ report, page: Page }) => guarded(report.path, report.keys.list, <Page />),
          ),
          guarded('/businessinfosettings', 'businessInfoSettings', <BusinessInfoSettingsPage />),
          guarded('/trash', 'trash', <TrashPage />),
          guarded('/applicationloglist', 'applicationLogs', <ApplicationLogListPage />),
          guarded('/applicationlogshow/:id', 'applicationLogs', <ApplicationLogShowPage />),
          guarded('/appearancesettings', 'appearanceSettings', <AppearanceSettingsPage />),
          guarded('/securitysettings', 'securitySettings', <SecuritySettingsPage />),
          guarded('/emailsettings', 'emailSettings', <EmailSettingsPage />),
          guarded('/backupsettings', 'backupSettings', <BackupSettingsPage />),
          { path: '*', element: <AccessDenied message="This page does not exist." /> },
        ],
      },
    ],
  },
]);
