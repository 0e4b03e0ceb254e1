import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import { hammingDistance, proofFingerprints } from './proof-fingerprints';

/** A synthetic "screenshot": a gradient with a dark block; `mirrored` runs the gradient the other way (another picture). */
function picture(width: number, height: number, mirrored = false) {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const block = x > width / 3 && x < width / 2 && y > height / 4 && y < height / 2;
      const v = block ? 20 : Math.round((255 * (mirrored ? width - x : x)) / width);
      data[i] = v;
      data[i + 1] = block ? 20 : Math.round((255 * y) / height);
      data[i + 2] = 128;
      data[i + 3] = 255;
    }
  }
  return { width, height, data };
}

const png = (p: ReturnType<typeof picture>) => {
  const image = new PNG({ width: p.width, height: p.height });
  p.data.copy(image.data);
  return PNG.sync.write(image);
};
const jpg = (p: ReturnType<typeof picture>, quality: number) => Buffer.from(jpeg.encode(p, quality).data);

describe('proof fingerprints', () => {
  it('matches the same picture re-saved as a JPEG, or scaled, but not a different picture', () => {
    const original = proofFingerprints(png(picture(320, 240)), 'image/png');
    const resaved = proofFingerprints(jpg(picture(320, 240), 60), 'image/jpeg');
    const scaled = proofFingerprints(png(picture(640, 480)), 'image/png');
    const other = proofFingerprints(png(picture(320, 240, true)), 'image/png');
    expect(original.sha256).not.toBe(resaved.sha256);
    expect(hammingDistance(original.dhash!, resaved.dhash!)).toBeLessThanOrEqual(6);
    expect(hammingDistance(original.dhash!, scaled.dhash!)).toBeLessThanOrEqual(6);
    expect(hammingDistance(original.dhash!, other.dhash!)).toBeGreaterThan(10);
  });

  it('gives a PDF, or bytes that do not decode, only their sha-256', () => {
    expect(proofFingerprints(Buffer.from('%PDF-1.4 …'), 'application/pdf')).toMatchObject({ dhash: null, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(proofFingerprints(Buffer.from('not a png'), 'image/png').dhash).toBeNull();
  });
});
