import { customerApi, type Wallet, type WalletRequest } from '../customer-api';
import { useSavedMutation } from '../saved-mutation';

/** The form shows its own error, so saving has no failure toast. */
export const useSaveWallet = (onSaved: (wallet: Wallet) => void) =>
  useSavedMutation(({ id, wallet }: { id?: string; wallet: WalletRequest }) => (id ? customerApi.updateWallet(id, wallet) : customerApi.addWallet(wallet)), {
    onDone: (answer) => onSaved(answer.wallet),
  });

export const useDeleteWallet = (onDeleted: () => void) =>
  useSavedMutation((id: string) => customerApi.deleteWallet(id), { failure: 'Failed to delete wallet address', onDone: onDeleted });

export const useMakeDefaultWallet = () =>
  useSavedMutation((id: string) => customerApi.updateWallet(id, { isDefault: true }), { failure: 'Failed to save wallet address' });
