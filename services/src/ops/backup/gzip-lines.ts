import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

export interface GzipWriter {
  /** Writes text, waiting while the compressor is behind (never more than one fetch held). */
  write(text: string): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}

/** A file only its owner reads: a backup holds password hashes, phones and bank accounts. */
export function gzipWriter(file: string): GzipWriter {
  const gzip = createGzip();
  const done = pipeline(gzip, createWriteStream(file, { mode: 0o600 }));
  // Seen when close() or abort() awaits it; until then a failing disk must not crash the process.
  done.catch(() => undefined);
  return {
    async write(text) {
      if (!gzip.write(text)) await once(gzip, 'drain');
    },
    async close() {
      gzip.end();
      await done;
    },
    async abort() {
      gzip.destroy();
      await done.catch(() => undefined);
    },
  };
}

/**
 * The lines of a gzip file, read as a stream: one line in memory at a time. A file that cannot be
 * read, is damaged or ends mid-stream fails the iteration (never just a short read).
 */
export async function* gunzipLines(file: string): AsyncGenerator<string> {
  const gunzip = createGunzip();
  pipeline(createReadStream(file), gunzip).catch(() => undefined);
  gunzip.setEncoding('utf8');
  // Pieces of the current line: a long line (a stored file) is joined once, not copied per chunk.
  let pieces: string[] = [];
  try {
    for await (const chunk of gunzip as AsyncIterable<string>) {
      let start = 0;
      for (let newline = chunk.indexOf('\n'); newline !== -1; newline = chunk.indexOf('\n', start)) {
        pieces.push(chunk.slice(start, newline));
        yield pieces.join('');
        pieces = [];
        start = newline + 1;
      }
      if (start < chunk.length) pieces.push(chunk.slice(start));
    }
    if (pieces.length > 0) yield pieces.join('');
  } finally {
    gunzip.destroy();
  }
}
