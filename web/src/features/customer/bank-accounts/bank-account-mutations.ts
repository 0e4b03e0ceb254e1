import { customerApi, type BankAccount, type BankAccountRequest } from '../customer-api';
import { useSavedMutation } from '../saved-mutation';

/** The form shows its own error, so saving has no failure toast. */
export const useSaveBankAccount = (onSaved: (account: BankAccount) => void) =>
  useSavedMutation(
    ({ id, account }: { id?: string; account: BankAccountRequest }) => (id ? customerApi.updateBankAccount(id, account) : customerApi.addBankAccount(account)),
    { onDone: (answer) => onSaved(answer.account) },
  );
