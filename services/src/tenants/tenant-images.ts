import { fileTypeFromBuffer } from 'file-type';
import QRCode from 'qrcode';
import { ValidationError } from '@desk/platform/errors/domain-error';
import type { FileStorage } from '../files/file-storage';
import { IMAGE_TOO_LARGE, IMAGE_TYPES, MAX_IMAGE_BYTES } from '@desk/machines/files/file-limits';

const IMAGES = new Set<string>(IMAGE_TYPES);
const DATA_URL = /^data:[\w.+/-]*(;[\w-]+=[\w.-]+)*;base64,([A-Za-z0-9+/]*={0,2})$/;
const OUR_FILE = /\/api\/files\/([0-9a-f-]{36})(?:\?|$)/;

/** The type of an image, checked by its bytes (not its declared type) and size; refused on `field` otherwise. */
export async function imageType(bytes: Uint8Array, field: string): Promise<string> {
  if (bytes.byteLength === 0) throw ValidationError.of(field, 'The image is empty');
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw ValidationError.of(field, IMAGE_TOO_LARGE);
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !IMAGES.has(detected.mime)) throw ValidationError.of(field, 'Only PNG, JPEG, GIF or WebP images are accepted');
  return detected.mime;
}

/** Stores an image after checking its bytes and size. */
export async function storeImage(files: FileStorage, bytes: Uint8Array, field: string): Promise<string> {
  return (await files.save(bytes, await imageType(bytes, field))).fileId;
}

/** The bytes of an image sent inline as a base64 data URL; refused (on `field`) in any other form. */
export function imageDataUrlBytes(dataUrl: string, field: string): Buffer {
  const match = DATA_URL.exec(dataUrl);
  if (!match) throw ValidationError.of(field, 'The image must be a base64 data URL');
  return Buffer.from(match[2]!, 'base64');
}

export function storeImageDataUrl(files: FileStorage, dataUrl: string, field: string): Promise<string> {
  return storeImage(files, imageDataUrlBytes(dataUrl, field), field);
}

/** A QR code of the address, so customers can scan where to send USDT. */
export async function storeAddressQr(files: FileStorage, address: string): Promise<string> {
  const png = await QRCode.toBuffer(address, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 });
  return (await files.save(png, 'image/png')).fileId;
}

/** The file id inside one of our own signed file links, when the client sends such a link back. */
export function ownFileId(url: string | null | undefined): string | null {
  return url ? (OUR_FILE.exec(url)?.[1] ?? null) : null;
}
