import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of a built client, so the server
 * sends the smallest form a browser accepts without compressing on each request. Files are squeezed
 * once at build time, so the slowest settings pay off (brotli 11, gzip 9). A few lines of node:zlib
 * rather than a plugin package: nothing more to install, audit or keep in step with Vite.
 */

/** Text formats compress well; images and fonts in modern formats are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
/** Below this (about one TCP packet), the saving is smaller than the cost of one more file to open. */
export const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface PrecompressResult {
  /** Files given compressed siblings, relative to the directory. */
  compressed: string[];
}

export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const compressed: string[] = [];
  for (const file of await filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    const bytes = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
      gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    // A variant no smaller than the file would only cost the server a lookup and the browser a decode.
    if (br.length < bytes.length) await writeFile(`${file}.br`, br);
    if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
    if (br.length < bytes.length || gz.length < bytes.length) compressed.push(path.relative(dir, file));
  }
  return { compressed };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}
