import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import { hammingDistance, pngWorthDecoding, proofFingerprints } from './proof-fingerprints';

/** A PNG of width × height black RGB pixels, as small as deflate makes it: a few hundred bytes can declare millions of pixels. */
function blackPng(width: number, height: number, interlaced = false, bitDepth = 8): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const frame = Buffer.alloc(8 + body.length);
    frame.writeUInt32BE(data.length, 0);
    body.copy(frame, 4);
    frame.writeUInt32BE(crc32(body), 4 + body.length);
    return frame;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth; // bits per sample
  header[9] = 2; // RGB
  header[12] = interlaced ? 1 : 0;
  // Not interlaced: each row is a filter byte and the row's samples, all zero.
  const rows = deflateSync(Buffer.alloc(((width * 3 * bitDepth) / 8 + 1) * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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

  it('does not decode a PNG whose header declares more pixels than a screenshot has, or an interlaced one', () => {
    expect(proofFingerprints(blackPng(400, 300), 'image/png').dhash).toMatch(/^[0-9a-f]{16}$/);
    const bomb = blackPng(5_000, 4_000); // 20 million pixels in about 60 KB
    expect(bomb.length).toBeLessThan(200_000);
    expect(pngWorthDecoding(bomb)).toBe(false);
    expect(proofFingerprints(bomb, 'image/png')).toEqual({ sha256: expect.stringMatching(/^[0-9a-f]{64}$/), dhash: null });
    expect(pngWorthDecoding(blackPng(40, 30, true))).toBe(false);
    expect(pngWorthDecoding(blackPng(40, 30))).toBe(true);
    // 16 bits a sample: twice the bytes, five times the decode.
    expect(pngWorthDecoding(blackPng(40, 30, false, 16))).toBe(false);
  });
});
