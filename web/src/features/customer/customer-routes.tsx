import { Route, Routes } from 'react-router';
import { CustomerLayout } from './layout/customer-layout';
import { NotFoundPage } from './layout/not-found-page';
import { DashboardPage } from './dashboard/dashboard-page';
import { OrdersPage } from './orders/orders-page';
import { OrderDetailPage } from './order-detail/order-detail-page';
import { WalletsPage } from './wallets/wallets-page';
import { BankAccountsPage } from './bank-accounts/bank-accounts-page';
import { AddOrderPage } from './trading/add-order-page';
import { SessionsPage } from '../../components/account/sessions-page';
import { NotificationsPage } from './notifications/notifications-page';

/** The area's texts in the current language: the router shows the area once they are in. */
export { customerTexts } from '../../i18n/customer/texts';

/**
 * Everything under '/*' that the public pages do not take. Both path sets of seed-spec section 2
 * (/dashboard/... and /orders, /wallets, ...) reach the same screens.
 */
export function CustomerRoutes() {
  return (
    <Routes>
      <Route element={<CustomerLayout />}>
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="dashboard/orders" element={<OrdersPage />} />
        <Route path="dashboard/orders/:id" element={<OrderDetailPage />} />
        <Route path="dashboard/wallets" element={<WalletsPage />} />
        <Route path="dashboard/bank-accounts" element={<BankAccountsPage />} />
        <Route path="dashboard/sessions" element={<SessionsPage />} />
        <Route path="dashboard/notifications" element={<NotificationsPage />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="orders/:orderId" element={<OrderDetailPage />} />
        <Route path="add-order" element={<AddOrderPage />} />
        <Route path="wallets" element={<WalletsPage />} />
        <Route path="bank-accounts" element={<BankAccountsPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
