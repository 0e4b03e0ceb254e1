import { useQueryClient } from '@tanstack/react-query';
import { keys } from './customer-queries';

/** The saved lists also travel inside the current user, so both are refreshed after a change. */
export function useRefreshSaved() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: keys.wallets }),
      client.invalidateQueries({ queryKey: keys.bankAccounts }),
      client.invalidateQueries({ queryKey: ['me'] }),
    ]);
}
