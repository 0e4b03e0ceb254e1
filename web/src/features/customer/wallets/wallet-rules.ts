import { addressProblem } from '@desk/machines/addresses/address-validation';
import type { Network } from '../customer-api';

export interface WalletDraft {
  address: string;
  network: Network | '';
  label: string;
  isDefault: boolean;
}

export type WalletProblem = { field: 'address' | 'network'; message: string } | null;

/**
 * The form's checks before anything is sent: USDT sent to an address of another network is lost,
 * so the address is checked against the chosen network with the server's own rule.
 */
export function walletProblem(draft: WalletDraft): WalletProblem {
  if (draft.address.trim() === '') return { field: 'address', message: 'Please enter a valid wallet address' };
  if (draft.network === '') return { field: 'network', message: 'Please select a network' };
  const problem = addressProblem(draft.address, draft.network);
  return problem ? { field: 'address', message: problem } : null;
}
