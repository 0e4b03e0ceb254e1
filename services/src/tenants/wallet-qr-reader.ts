import jsQR from 'jsqr';
import { fileTypeFromBuffer } from 'file-type';
import { decodePixels } from '../files/image-pixels';

/**
 * A QR image is a few hundred pixels a side; reading one costs time on the event loop in proportion
 * to its pixels, so larger pictures are not read (the admin is asked for a plain QR image instead).
 */
const MAX_QR_PIXELS = 4_000_000;

/**
 * The text a QR image holds (PNG or JPEG, checked by its bytes), or null when none can be read.
 * jsQR, a well-kept pure-JavaScript decoder, reads the code; the pixels come from the decoders the
 * proof fingerprints use (image-pixels.ts), with their bounds.
 */
export async function readQrImage(bytes: Buffer): Promise<string | null> {
  const type = (await fileTypeFromBuffer(bytes))?.mime;
  if (type !== 'image/png' && type !== 'image/jpeg') return null;
  const pixels = decodePixels(bytes, type);
  if (!pixels || pixels.width * pixels.height > MAX_QR_PIXELS) return null;
  const rgba = new Uint8ClampedArray(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength);
  return jsQR(rgba, pixels.width, pixels.height)?.data ?? null;
}
