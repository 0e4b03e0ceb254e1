import { createHash } from 'node:crypto';
import { decodePixels, type Pixels } from '../../files/image-pixels';

export { pngWorthDecoding } from '../../files/image-pixels';

export interface ProofFingerprints {
  /** The bytes themselves: the same file sent twice. */
  sha256: string;
  /** A difference hash (16 hex digits) of PNG and JPEG images: the same picture re-saved or re-compressed. Null for others. */
  dhash: string | null;
}

/** The side of the grey grid a difference hash is taken over: 9 × 8 gives 64 bits. */
const GRID_W = 9;
const GRID_H = 8;
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
  const pixels = decodePixels(bytes, contentType);
  return { sha256: createHash('sha256').update(bytes).digest('hex'), dhash: pixels ? differenceHash(pixels) : null };
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
