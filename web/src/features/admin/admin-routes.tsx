import { Navigate, Route, Routes } from 'react-router';
import { AdminLayout } from './layout/admin-layout';
import { AdminDashboardPage } from './dashboard/admin-dashboard-page';
import { AdminOrdersPage } from './orders/admin-orders-page';
import { AdminOrderDetailPage } from './order-detail/admin-order-detail-page';
import { AdminUsersPage } from './users/admin-users-page';
import { AdminSettingsPage } from './settings/admin-settings-page';
import { TenantsPage } from './tenants/tenants-page';
import { TenantDetailPage } from './tenants/tenant-detail-page';
import { TenantEditPage } from './tenants/tenant-edit-page';
import { AddBankAccountPage } from './tenants/add-bank-account-page';
import { AddCryptoWalletPage } from './tenants/add-crypto-wallet-page';
import { AdminProjectionsPage } from './projections/admin-projections-page';
import { PendingChangesPage } from './changes/pending-changes-page';
import { ChangePage } from './changes/change-page';
import { SessionsPage } from '../../components/account/sessions-page';
import { ReconciliationPage } from './reconciliation/reconciliation-page';
import { BankAccountPage } from './reconciliation/bank-account-page';
import { UnmatchedPage } from './reconciliation/unmatched-page';
import { OrdersWithoutMoneyPage } from './reconciliation/orders-without-money-page';
import { AdminBooksPage } from './ledger/admin-books-page';
import { WebhooksPage } from './webhooks/webhooks-page';
import { DeliveryLogPage } from './webhooks/delivery-log-page';

/** The admin screens of seed-spec section 2, in their own bundle; AdminLayout sends non-admins away. */
export function AdminRoutes() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<Navigate to="dashboard" replace />} />
        <Route path="dashboard" element={<AdminDashboardPage />} />
        <Route path="orders" element={<AdminOrdersPage />} />
        <Route path="orders/:id" element={<AdminOrderDetailPage />} />
        <Route path="users" element={<AdminUsersPage />} />
        <Route path="settings" element={<AdminSettingsPage />} />
        <Route path="tenants" element={<TenantsPage />} />
        <Route path="tenants/:id" element={<TenantDetailPage />} />
        <Route path="tenants/:id/edit" element={<TenantEditPage />} />
        <Route path="add-bank-account" element={<AddBankAccountPage />} />
        <Route path="add-crypto-wallet" element={<AddCryptoWalletPage />} />
        <Route path="projections" element={<AdminProjectionsPage />} />
        <Route path="changes" element={<PendingChangesPage />} />
        <Route path="changes/:id" element={<ChangePage />} />
        <Route path="reconciliation" element={<ReconciliationPage />} />
        <Route path="reconciliation/unmatched" element={<UnmatchedPage />} />
        <Route path="reconciliation/orders-without-money" element={<OrdersWithoutMoneyPage />} />
        <Route path="reconciliation/:id" element={<BankAccountPage />} />
        <Route path="books" element={<AdminBooksPage />} />
        <Route path="webhooks" element={<WebhooksPage />} />
        <Route path="webhooks/:id" element={<DeliveryLogPage />} />
        <Route path="sessions" element={<SessionsPage />} />
        <Route path="*" element={<Navigate to="dashboard" replace />} />
      </Route>
    </Routes>
  );
}
