import { customerApi, type Wallet, type WalletRequest } from '../customer-api';
import { useSavedMutation } from '../saved-mutation';

/** The form shows its own error, so saving has no failure toast. */
export const useSaveWallet = (onSaved: (wallet: Wallet) => void) =>
  useSavedMutation(({ id, wallet }: { id?: string; wallet: WalletRequest }) => (id ? customerApi.updateWallet(id, wallet) : customerApi.addWallet(wallet)), {
    onDone: (answer) => onSaved(answer.wallet),
  });
