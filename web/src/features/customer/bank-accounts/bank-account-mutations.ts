import { useMutation } from '@tanstack/react-query';
import { useToast } from '../../../components/toasts';
import { customerApi, type BankAccount, type BankAccountRequest } from '../customer-api';
import { failureText } from '../failure-text';
import { useRefreshSaved } from '../saved-accounts-refresh';

export function useSaveBankAccount(onSaved: (account: BankAccount) => void) {
  const refresh = useRefreshSaved();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id, account }: { id?: string; account: BankAccountRequest }) => (id ? customerApi.updateBankAccount(id, account) : customerApi.addBankAccount(account)),
    onSuccess: async (answer) => {
      toast(answer.message);
      await refresh();
      onSaved(answer.account);
    },
  });
}

export function useDeleteBankAccount(onDeleted: () => void) {
  const refresh = useRefreshSaved();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: string) => customerApi.deleteBankAccount(id),
    onSuccess: async (answer) => {
      toast(answer.message);
      await refresh();
      onDeleted();
    },
    onError: (error) => toast(failureText(error, 'Failed to delete bank account'), 'error'),
  });
}

export function useMakeDefaultBankAccount() {
  const refresh = useRefreshSaved();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: string) => customerApi.updateBankAccount(id, { isDefault: true }),
    onSuccess: async (answer) => {
      toast(answer.message);
      await refresh();
    },
    onError: (error) => toast(failureText(error, 'Failed to save bank account'), 'error'),
  });
}
