import { PNG } from 'pngjs';
import type { Random } from './seeded-random';

/**
 * A payment proof of a realistic size (a phone's screenshot compresses to tens of kilobytes): a
 * noisy PNG that does not compress, so each upload needs new pages of the file storage (a 70-byte
 * pixel would fit in space the table already has, and a full disk would never show).
 */
export function noisyProof(random: Random, side = 120): Buffer {
  const png = new PNG({ width: side, height: side });
  for (let i = 0; i < png.data.length; i++) png.data[i] = i % 4 === 3 ? 255 : Math.floor(random.next() * 256);
  return PNG.sync.write(png);
}
