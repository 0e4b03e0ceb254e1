import { useMutation } from '@tanstack/react-query';
import { useToast } from '../../../components/toasts';
import { customerApi, type Wallet, type WalletRequest } from '../customer-api';
import { failureText } from '../failure-text';
import { useRefreshSaved } from '../saved-accounts-refresh';

export function useSaveWallet(onSaved: (wallet: Wallet) => void) {
  const refresh = useRefreshSaved();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id, wallet }: { id?: string; wallet: WalletRequest }) => (id ? customerApi.updateWallet(id, wallet) : customerApi.addWallet(wallet)),
    onSuccess: async (answer) => {
      toast(answer.message);
      await refresh();
      onSaved(answer.wallet);
    },
  });
}

export function useDeleteWallet(onDeleted: () => void) {
  const refresh = useRefreshSaved();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: string) => customerApi.deleteWallet(id),
    onSuccess: async (answer) => {
      toast(answer.message);
      await refresh();
      onDeleted();
    },
    onError: (error) => toast(failureText(error, 'Failed to delete wallet address'), 'error'),
  });
}

export function useMakeDefaultWallet() {
  const refresh = useRefreshSaved();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: string) => customerApi.updateWallet(id, { isDefault: true }),
    onSuccess: async (answer) => {
      toast(answer.message);
      await refresh();
    },
    onError: (error) => toast(failureText(error, 'Failed to save wallet address'), 'error'),
  });
}
