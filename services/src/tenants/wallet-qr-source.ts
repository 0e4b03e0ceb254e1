import { ValidationError } from '@desk/platform/errors/domain-error';
import { QR_URL_REFUSED, qrAddressProblem } from '@desk/machines/tenants/wallet-qr';
import type { TenantWallet } from '@desk/machines/tenants/tenant.events';
import { imageDataUrlBytes, imageType, ownFileId } from './tenant-images';
import { readQrImage } from './wallet-qr-reader';

type WalletQr = Pick<TenantWallet, 'qrFileId' | 'qrUrl'>;

export interface QrStorage {
  /** Stores an image sent inline, checked by its bytes and size (tenant-images.ts). */
  upload(dataUrl: string): Promise<string>;
  /** Draws and stores a QR code of the wallet's address. */
  generate(): Promise<string>;
}

/**
 * A wallet's QR after an edit's `qrCodeUrl` (machines/src/tenants/wallet-qr.ts says why each):
 * - an image sent inline is read, and stored only when its QR code pays the wallet's address;
 * - the signed link the server served for this same wallet's QR keeps it;
 * - a link to another site is refused: the server never fetches it, so it could not be checked;
 * - nothing keeps the QR this wallet had (a stored image; a link kept from before is dropped for a
 *   QR drawn from the address), else a QR is drawn from the address.
 */
export async function walletQrAfterEdit(
  wallet: Pick<TenantWallet, 'network' | 'address'> & { qrCodeUrl?: string | null | undefined },
  previous: TenantWallet | undefined,
  storage: QrStorage,
): Promise<WalletQr> {
  const url = wallet.qrCodeUrl?.trim() ?? '';
  if (url.startsWith('data:')) {
    const bytes = imageDataUrlBytes(url, 'qrCodeUrl');
    await imageType(bytes, 'qrCodeUrl');
    const problem = qrAddressProblem(await readQrImage(bytes), wallet);
    if (problem) throw ValidationError.of('qrCodeUrl', problem);
    return { qrFileId: await storage.upload(url) };
  }
  const fileId = ownFileId(url);
  // Only this wallet's own QR, sent back as it was served: another wallet's QR pays another address.
  if (fileId !== null && previous?.qrFileId === fileId) return { qrFileId: fileId };
  // A link kept from before links were refused, sent back as read, counts as nothing sent: it is
  // replaced by a QR drawn from the address. Any other link is refused.
  if (fileId === null && url !== '' && url !== previous?.qrUrl) throw ValidationError.of('qrCodeUrl', QR_URL_REFUSED);
  if (previous?.qrFileId) return { qrFileId: previous.qrFileId };
  return { qrFileId: await storage.generate() };
}
