import { customerApi, type BankAccount, type BankAccountRequest } from '../customer-api';
import { useSavedMutation } from '../saved-mutation';

/** The form shows its own error, so saving has no failure toast. */
export const useSaveBankAccount = (onSaved: (account: BankAccount) => void) =>
  useSavedMutation(
    ({ id, account }: { id?: string; account: BankAccountRequest }) => (id ? customerApi.updateBankAccount(id, account) : customerApi.addBankAccount(account)),
    { onDone: (answer) => onSaved(answer.account) },
  );

export const useDeleteBankAccount = (onDeleted: () => void) =>
  useSavedMutation((id: string) => customerApi.deleteBankAccount(id), { failure: 'Failed to delete bank account', onDone: onDeleted });

export const useMakeDefaultBankAccount = () =>
  useSavedMutation((id: string) => customerApi.updateBankAccount(id, { isDefault: true }), { failure: 'Failed to save bank account' });
