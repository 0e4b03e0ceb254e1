import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';

/** The side of the grey grid a difference hash is taken over: 9 × 8 gives 64 bits. */
const GRID_W = 9;
const GRID_H = 8;
/**
 * Pixels beyond this are not decoded: a proof is a screenshot (a 4K screen is 8.3 million), and the
 * decode runs on the event loop, so this bounds the time and memory a hostile file can take. A PNG's
 * size is read from its header before anything is inflated: a few hundred kilobytes of zeros can
 * declare 100 million pixels (2 s of a stalled server and a gigabyte, measured).
 */
const MAX_PIXELS = 16_000_000;

export interface ProofFingerprints {
  /** The bytes themselves: the same file sent twice. */
  sha256: string;
  /** A difference hash (16 hex digits) of PNG and JPEG images: the same picture re-saved or re-compressed. Null for others. */
  dhash: string | null;
}

interface Pixels {
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

function decode(bytes: Buffer, contentType: string): Pixels | null {
  try {
    if (contentType === 'image/png') return pngWorthDecoding(bytes) ? PNG.sync.read(bytes) : null;
    if (contentType === 'image/jpeg') return jpeg.decode(bytes, { useTArray: true, maxResolutionInMP: MAX_PIXELS / 1_000_000, maxMemoryUsageInMB: 256 });
  } catch {
    // A file that does not decode still has its sha-256; it just has no picture to compare.
  }
  return null;
}

/**
 * A 64-bit difference hash: the picture shrunk to a 9 × 8 grey grid (each cell the mean of the
 * pixels it covers), one bit per pair of neighbours in a row (is the left one brighter?). Written
 * here rather than taken from a package because it is twenty lines over the decoders, and the
 * image-hash packages pull in a whole image toolkit (or native code) for it.
 */
export function differenceHash({ width, height, data }: Pixels): string {
  const grey = new Float64Array(GRID_W * GRID_H);
  for (let gy = 0; gy < GRID_H; gy++) {
    const y0 = Math.floor((gy * height) / GRID_H);
    const y1 = Math.max(y0 + 1, Math.floor(((gy + 1) * height) / GRID_H));
    for (let gx = 0; gx < GRID_W; gx++) {
      const x0 = Math.floor((gx * width) / GRID_W);
      const x1 = Math.max(x0 + 1, Math.floor(((gx + 1) * width) / GRID_W));
      let sum = 0;
      let count = 0;
      // Sampled, not every pixel: a step that keeps about 16 × 16 samples per cell.
      const stepY = Math.max(1, Math.floor((y1 - y0) / 16));
      const stepX = Math.max(1, Math.floor((x1 - x0) / 16));
      for (let y = y0; y < Math.min(y1, height); y += stepY) {
        for (let x = x0; x < Math.min(x1, width); x += stepX) {
          const i = (y * width + x) * 4;
          sum += 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
          count++;
        }
      }
      grey[gy * GRID_W + gx] = count > 0 ? sum / count : 0;
    }
  }
  let bits = 0n;
  for (let gy = 0; gy < GRID_H; gy++) {
    for (let gx = 0; gx < GRID_W - 1; gx++) {
      bits = (bits << 1n) | (grey[gy * GRID_W + gx]! > grey[gy * GRID_W + gx + 1]! ? 1n : 0n);
    }
  }
  return bits.toString(16).padStart(16, '0');
}

export function proofFingerprints(bytes: Buffer, contentType: string): ProofFingerprints {
  const pixels = decode(bytes, contentType);
  const usable = pixels && pixels.width * pixels.height <= MAX_PIXELS && pixels.width > 0 && pixels.height > 0;
  return { sha256: createHash('sha256').update(bytes).digest('hex'), dhash: usable ? differenceHash(pixels) : null };
}

/** How many of the 64 bits two hashes differ in. */
export function hammingDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (x > 0n) {
    count += Number(x & 1n);
    x >>= 1n;
  }
  return count;
}
