import { addressProblem } from '@desk/machines/addresses/address-validation';
import { isNetwork, NETWORKS } from '@desk/machines/addresses/networks';
import { isImageType, readAsDataUrl } from './image-file';
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

/** null when the wallet can be sent; checks in the order of seed-spec section 5, then the address itself. */
export function walletProblem(tenantId: string, draft: WalletDraft): string | null {
  if (!tenantId) return 'Please select a tenant first';
  if (!draft.network || !draft.address.trim()) return 'Please fill in network and address';
  return addressProblem(draft.address, draft.network);
}

/** The QR to show before saving: the picked image, the typed link, or none (one is drawn from the address). */
export const qrPreview = (draft: WalletDraft): string | null => draft.qrFile?.dataUrl ?? (draft.qrUrl.trim() || null);

export class QrUploadError extends Error {}

const OWN_FILE = /^(https?:\/\/[^/]+)?\/api\/files\/[0-9a-f-]{36}(\?|$)/;

/**
 * The qrCodeUrl to send: an image inline, or one of our own file links. The server stores only
 * those (anything else would be replaced by a QR drawn from the address), so a link to another
 * site is fetched here and sent inline. Without the admin's token: it goes to another site.
 */
export async function qrCodeUrlToSend(draft: WalletDraft): Promise<string | undefined> {
  if (draft.qrFile) return draft.qrFile.dataUrl;
  const url = draft.qrUrl.trim();
  if (!url) return undefined;
  if (url.startsWith('data:image/') || OWN_FILE.test(url)) return url;
  let image: Blob | null = null;
  try {
    const response = await fetch(url, { credentials: 'omit', referrerPolicy: 'no-referrer' });
    if (response.ok) image = await response.blob();
  } catch {
    // Unreachable, or the site does not let other pages read it: reported just below.
  }
  if (!image || !isImageType(image.type)) throw new QrUploadError('Failed to upload QR Code');
  return readAsDataUrl(image);
}
