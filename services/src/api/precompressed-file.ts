import { readFile, stat } from 'node:fs/promises';
import type { Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { chooseEncoding, type ContentCoding } from '../http/accept-encoding';

const SUFFIX: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' };

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null))?.isFile() ?? false;
}

/**
 * Answers with `file`, or with the `.br` or `.gz` the build wrote beside it (web/build/precompress.ts)
 * when the request's Accept-Encoding takes it: the file's own type, the coding in Content-Encoding.
 * A file that has compressed forms always says `Vary: Accept-Encoding`, the plain answer too, so
 * a shared cache never hands brotli to a client that asked for none. The files are small (the
 * largest script is a few hundred KB), so each is read whole rather than streamed.
 */
export async function sendPrecompressed(c: Context, file: string, cacheControl: string): Promise<Response> {
  const available: ContentCoding[] = [];
  for (const coding of ['br', 'gzip'] as const) if (await isFile(file + SUFFIX[coding])) available.push(coding);
  const coding = chooseEncoding(c.req.header('accept-encoding'), available);
  const body = await readFile(coding ? file + SUFFIX[coding] : file);
  const headers: Record<string, string> = {
    'content-type': getMimeType(file) ?? 'application/octet-stream',
    'content-length': String(body.length),
    'cache-control': cacheControl,
  };
  if (available.length > 0) headers.vary = 'Accept-Encoding';
  if (coding) headers['content-encoding'] = coding;
  return c.req.method === 'HEAD' ? c.body(null, 200, headers) : c.body(new Uint8Array(body), 200, headers);
}
