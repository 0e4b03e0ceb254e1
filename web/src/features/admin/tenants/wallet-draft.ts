import { addressProblem } from '@desk/machines/addresses/address-validation';
import { isNetwork, NETWORKS } from '@desk/machines/addresses/networks';
import type { WalletNetwork } from './tenant-api';

/** What the admin's network choice says for each network the desk uses. */
const NETWORK_LABELS: Record<WalletNetwork, string> = { TRC20: 'TRC20 (Tron)', ERC20: 'ERC20 (Ethereum)', BEP20: 'BEP20 (BSC)', POLYGON: 'POLYGON' };

export const NETWORK_OPTIONS: readonly { value: WalletNetwork; label: string }[] = NETWORKS.map((value) => ({ value, label: NETWORK_LABELS[value] }));

export const isWalletNetwork: (value: string) => value is WalletNetwork = isNetwork;

export interface WalletDraft {
  network: WalletNetwork | '';
  address: string;
  /** An uploaded QR image, already read as a data URL; the server reads it and refuses one that pays another address. */
  qrFile: { name: string; dataUrl: string } | null;
  isActive: boolean;
}

export const emptyWallet = (): WalletDraft => ({ network: 'TRC20', address: '', qrFile: null, isActive: true });

/** null when the wallet can be sent; checks in the order of seed-spec section 5, then the address itself. */
export function walletProblem(tenantId: string, draft: WalletDraft): string | null {
  if (!tenantId) return 'Please select a tenant first';
  if (!draft.network || !draft.address.trim()) return 'Please fill in network and address';
  return addressProblem(draft.address, draft.network);
}

/** The QR to show before saving: the picked image, or none (one is drawn from the address). */
export const qrPreview = (draft: WalletDraft): string | null => draft.qrFile?.dataUrl ?? null;

/**
 * The qrCodeUrl to send: the picked image inline (the server checks its bytes and size, and that its
 * QR pays the wallet's address), or nothing, for a QR drawn from the address. A link to an image on
 * another site is not offered: the desk could not check what it pays (decision 0031).
 */
export function qrCodeUrlToSend(draft: WalletDraft): string | undefined {
  return draft.qrFile?.dataUrl;
}
