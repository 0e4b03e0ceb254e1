import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressDir } from './precompress';

describe('precompressDir', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'precompress-'));
    await mkdir(path.join(dir, 'assets'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const script = 'export const rows = [' + Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ') + '];\n';

  it('writes brotli and gzip forms that decode to the original, in every folder', async () => {
    await writeFile(path.join(dir, 'assets', 'index-abc.js'), script);
    await writeFile(path.join(dir, 'index.html'), `<!doctype html><title>x</title>${'<p>text</p>'.repeat(200)}`);

    const result = await precompressDir(dir);

    expect(result.compressed.sort()).toEqual(['assets/index-abc.js', 'index.html']);
    const file = path.join(dir, 'assets', 'index-abc.js');
    const [br, gz] = [await readFile(`${file}.br`), await readFile(`${file}.gz`)];
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(script.length / 4);
    expect(existsSync(path.join(dir, 'index.html.br'))).toBe(true);
  });

  it('leaves tiny files, binary formats and files that would not shrink alone', async () => {
    await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(dir, 'assets', 'logo.png'), Buffer.alloc(MIN_BYTES * 4, 7));
    // Random bytes do not compress: a variant would be larger than the file.
    const noise = Buffer.from(Array.from({ length: MIN_BYTES * 2 }, () => Math.floor(Math.random() * 256)));
    await writeFile(path.join(dir, 'assets', 'noise.txt'), noise);

    const result = await precompressDir(dir);

    expect(result.compressed).toEqual([]);
    for (const name of ['favicon.svg', 'assets/logo.png', 'assets/noise.txt']) {
      expect(existsSync(path.join(dir, `${name}.br`))).toBe(false);
      expect(existsSync(path.join(dir, `${name}.gz`))).toBe(false);
    }
  });
});
