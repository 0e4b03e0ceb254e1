import { ValidationError } from '@desk/platform/errors/domain-error';
import { qrUrlProblem } from '@desk/machines/tenants/wallet-qr';
import type { TenantState, TenantWallet } from '@desk/machines/tenants/tenant.events';
import { ownFileId } from './tenant-images';

type WalletQr = Pick<TenantWallet, 'qrFileId' | 'qrUrl'>;

export interface QrStorage {
  /** Stores an image sent inline, checked by its bytes and size (tenant-images.ts). */
  upload(dataUrl: string): Promise<string>;
  /** Draws and stores a QR code of the wallet's address. */
  generate(): Promise<string>;
}

/**
 * A wallet's QR after an edit's `qrCodeUrl`: an image sent inline is stored (checked by content and
 * size); the signed link the server served for one of this tenant's QR images keeps it; an https
 * link to another site is kept as given, never fetched; nothing (or a link to a file that is not
 * this tenant's QR) keeps what the same wallet had, else a QR is drawn from the address.
 */
export async function walletQrAfterEdit(
  sent: string | null | undefined,
  previous: TenantWallet | undefined,
  current: TenantState,
  storage: QrStorage,
): Promise<WalletQr> {
  const url = sent?.trim() ?? '';
  if (url.startsWith('data:')) return { qrFileId: await storage.upload(url) };
  const fileId = ownFileId(url);
  if (fileId !== null) {
    if (current.cryptoWallets.some((w) => w.qrFileId === fileId)) return { qrFileId: fileId };
  } else if (url !== '') {
    const problem = qrUrlProblem(url);
    if (problem) throw ValidationError.of('qrCodeUrl', problem);
    return { qrFileId: null, qrUrl: url };
  }
  if (previous?.qrUrl) return { qrFileId: null, qrUrl: previous.qrUrl };
  if (previous?.qrFileId) return { qrFileId: previous.qrFileId };
  return { qrFileId: await storage.generate() };
}
