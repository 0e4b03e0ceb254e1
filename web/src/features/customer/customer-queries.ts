import { useQuery } from '@tanstack/react-query';
import { isOpenStatus } from '@desk/machines/order/order-state';
import { ApiError } from '../../lib/api';
import { customerApi } from './customer-api';
import { useLivePolling } from '../../lib/live-updates';
import { withPlaced } from './placed-orders';

export const keys = {
  orders: ['orders'] as const,
  order: (id: string) => ['orders', id] as const,
  // Under 'orders': whatever refreshes the orders (a placed order, a live change) refreshes the headroom.
  limits: ['orders', 'limits'] as const,
  wallets: ['user', 'wallets'] as const,
  bankAccounts: ['user', 'bank-accounts'] as const,
  operatorBanks: ['user', 'tenant', 'bank-details'] as const,
  operatorWallets: ['user', 'tenant', 'crypto-wallet-details'] as const,
};

/** Screens that watch orders move refresh this often (paused while the tab is hidden). */
export const LIVE_REFRESH_MS = 5_000;

/** The customer's orders, with any they just placed that the read model does not show yet. */
export function useOrders(options: { refetchInterval?: number } = {}) {
  const poll = useLivePolling();
  return useQuery({
    queryKey: keys.orders,
    queryFn: () => customerApi.orders().then((orders) => withPlaced(orders)),
    refetchInterval: poll(options.refetchInterval),
  });
}

/** One order, refreshed while it can still change so its status moves without a reload. */
export function useOrder(id: string) {
  const poll = useLivePolling();
  return useQuery({
    queryKey: keys.order(id),
    queryFn: () => customerApi.order(id),
    refetchInterval: (query) => {
      const { data, error } = query.state;
      // A final order will not move again, and a 4xx (not found) will not heal by asking again.
      if (data && !isOpenStatus(data.status)) return false;
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
      return poll(LIVE_REFRESH_MS);
    },
  });
}

// The saved lists fall back to empty on failure (seed-spec section 7): the forms still work, and
// the customer can add an entry.
const orEmpty =
  <T>(load: () => Promise<T[]>, what: string) =>
  () =>
    load().catch((error: unknown) => {
      console.error(`Failed to load ${what}`, error);
      return [] as T[];
    });

export function useWallets() {
  return useQuery({ queryKey: keys.wallets, queryFn: orEmpty(customerApi.wallets, 'wallets') });
}

export function useBankAccounts() {
  return useQuery({ queryKey: keys.bankAccounts, queryFn: orEmpty(customerApi.bankAccounts, 'bank accounts') });
}

// Operator details failures are only logged (seed-spec section 8); the panels keep their
// loading text, so a retry is not worth a visible error.
const logged =
  <T>(load: () => Promise<T>, what: string) =>
  () =>
    load().catch((error: unknown) => {
      console.error(`Failed to load ${what}`, error);
      throw error;
    });

export function useOperatorBankDetails() {
  return useQuery({ queryKey: keys.operatorBanks, queryFn: logged(customerApi.operatorBankDetails, 'bank details'), staleTime: 60_000 });
}

export function useOperatorWallets({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: keys.operatorWallets, queryFn: logged(customerApi.operatorWallets, 'wallet details'), staleTime: 60_000, enabled });
}
