import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { chooseEncoding } from './accept-encoding';

/** Below about one TCP packet, compressing saves no round trip and costs CPU on both ends. */
export const COMPRESS_MIN_BYTES = 1024;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

const encoders = {
  // Quality 4 is brotli's speed setting for bodies made per request: about gzip's CPU cost, smaller output.
  br: promisify((input: Uint8Array, done: (error: Error | null, result: Buffer) => void) =>
    brotliCompress(input, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: input.length } }, done),
  ),
  gzip: promisify((input: Uint8Array, done: (error: Error | null, result: Buffer) => void) => gzip(input, { level: 6 }, done)),
};

/**
 * Compresses the API's JSON answers of 1 KB and more (order lists, a tenant with its accounts)
 * with brotli or gzip, as the request's Accept-Encoding allows. Only JSON: it is made whole before
 * it is sent, so it can be measured and compressed at once. Streamed answers (the orders CSV) pass
 * untouched, so each row still leaves as it is written. Hono's own `compress` cannot do brotli on
 * Node and compresses every JSON body whatever its size (c.json sets no Content-Length to compare).
 */
export const compressJson: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  const type = res.headers.get('content-type') ?? '';
  if (!JSON_TYPE.test(type) || c.req.method === 'HEAD' || res.headers.has('content-encoding')) return;
  if (NO_TRANSFORM.test(res.headers.get('cache-control') ?? '')) return;
  // Whatever its size, the answer to this URL depends on Accept-Encoding once it may be compressed.
  const vary = res.headers.get('vary');
  if (!vary) res.headers.set('vary', 'Accept-Encoding');
  else if (!/accept-encoding/i.test(vary) && vary !== '*') res.headers.set('vary', `${vary}, Accept-Encoding`);
  const coding = chooseEncoding(c.req.header('accept-encoding'));
  // Only now the body: asking for it turns the server's light answer into a full Web Response.
  if (!coding || !res.body) return;
  const plain = new Uint8Array(await res.arrayBuffer());
  const small = plain.length < COMPRESS_MIN_BYTES;
  const body = small ? plain : new Uint8Array(await encoders[coding](plain));
  // Hono copies the old answer's headers onto the new one, so the coding and length are set after.
  c.res = new Response(body, res);
  if (small) return;
  c.res.headers.set('content-encoding', coding);
  c.res.headers.set('content-length', String(body.length));
};
