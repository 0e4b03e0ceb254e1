import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';

/**
 * Pixels beyond this are not decoded: a proof is a screenshot (a 4K screen is 8.3 million), and the
 * decode runs on the event loop, so this bounds the time and memory a hostile file can take. A PNG's
 * size is read from its header before anything is inflated: a few hundred kilobytes of zeros can
 * declare 100 million pixels (2 s of a stalled server and a gigabyte, measured).
 */
export const MAX_PIXELS = 16_000_000;

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Uint8Array;
}

/**
 * Whether a PNG's header promises a picture worth decoding: at most MAX_PIXELS of at most 8 bits a
 * sample (16 bits doubles the bytes and took five times as long to decode), and not interlaced (pngjs
 * inflates an interlaced file with no bound on the output). The header is the first chunk, IHDR:
 * width and height at bytes 16 and 20, the bit depth at 24, the interlace method at 28.
 */
export function pngWorthDecoding(bytes: Buffer): boolean {
  if (bytes.length < 29 || bytes.toString('latin1', 12, 16) !== 'IHDR') return false;
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  return width > 0 && height > 0 && width * height <= MAX_PIXELS && bytes[24]! <= 8 && bytes[28] === 0;
}

/**
 * The RGBA pixels of a PNG or JPEG within the bounds above; null for any other type, or a file that
 * does not decode or is too large (payment proofs' fingerprints, wallet QR codes).
 */
export function decodePixels(bytes: Buffer, contentType: string): Pixels | null {
  let pixels: Pixels | null = null;
  try {
    if (contentType === 'image/png') pixels = pngWorthDecoding(bytes) ? PNG.sync.read(bytes) : null;
    if (contentType === 'image/jpeg') pixels = jpeg.decode(bytes, { useTArray: true, maxResolutionInMP: MAX_PIXELS / 1_000_000, maxMemoryUsageInMB: 256 });
  } catch {
    return null;
  }
  return pixels && pixels.width > 0 && pixels.height > 0 && pixels.width * pixels.height <= MAX_PIXELS ? pixels : null;
}
