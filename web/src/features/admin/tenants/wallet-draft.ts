import { addressProblem } from '@desk/machines/addresses/address-validation';
import { isNetwork, NETWORKS } from '@desk/machines/addresses/networks';
import { qrUrlProblem } from '@desk/machines/tenants/wallet-qr';
import type { WalletNetwork } from './tenant-api';

/** What the admin's network choice says for each network the desk uses. */
const NETWORK_LABELS: Record<WalletNetwork, string> = { TRC20: 'TRC20 (Tron)', ERC20: 'ERC20 (Ethereum)', BEP20: 'BEP20 (BSC)', POLYGON: 'POLYGON' };

export const NETWORK_OPTIONS: readonly { value: WalletNetwork; label: string }[] = NETWORKS.map((value) => ({ value, label: NETWORK_LABELS[value] }));

export const isWalletNetwork: (value: string) => value is WalletNetwork = isNetwork;

export interface WalletDraft {
  network: WalletNetwork | '';
  address: string;
  /** A link to a QR image, typed by the admin. */
  qrUrl: string;
  /** An uploaded QR image, already read as a data URL; it takes the place of the link. */
  qrFile: { name: string; dataUrl: string } | null;
  isActive: boolean;
}

export const emptyWallet = (): WalletDraft => ({ network: 'TRC20', address: '', qrUrl: '', qrFile: null, isActive: true });

/** null when the wallet can be sent; checks in the order of seed-spec section 5, then the address itself and a typed QR link. */
export function walletProblem(tenantId: string, draft: WalletDraft): string | null {
  if (!tenantId) return 'Please select a tenant first';
  if (!draft.network || !draft.address.trim()) return 'Please fill in network and address';
  const url = draft.qrUrl.trim();
  return addressProblem(draft.address, draft.network) ?? (draft.qrFile || !url ? null : qrUrlProblem(url));
}

/** The QR to show before saving: the picked image, the typed link, or none (one is drawn from the address). */
export const qrPreview = (draft: WalletDraft): string | null => draft.qrFile?.dataUrl ?? (draft.qrUrl.trim() || null);

/**
 * The qrCodeUrl to send: the picked image inline (the server checks its bytes and size), or the
 * link as the admin typed it, which the server keeps as given. The link is never fetched here: most
 * sites refuse to let another page read their images, and the admin pages show it as an <img>.
 */
export function qrCodeUrlToSend(draft: WalletDraft): string | undefined {
  if (draft.qrFile) return draft.qrFile.dataUrl;
  return draft.qrUrl.trim() || undefined;
}
