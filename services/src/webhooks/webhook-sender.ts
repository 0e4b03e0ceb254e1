import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isRefusedAddress, RefusedAddressError } from './address-guard';

/** What one attempt came to: the receiver's status, or why there was none. */
export interface SendResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** The first ~1 KB of the answer, for the delivery log. */
  excerpt: string;
}

export interface SendRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export const EXCERPT_BYTES = 1024;
const TIMEOUT_MS = 10_000;
const CUT_OFF = `no complete answer within ${TIMEOUT_MS / 1000} s`;

/**
 * Sends one delivery: a POST, never following a redirect (a 3xx is an answer, and not a success),
 * given up after 10 seconds. In production the address is checked where it is connected
 * (address-guard.ts); elsewhere a receiver on this machine is allowed (endpoint-url.ts).
 */
export function sendDelivery({ url, body, headers }: SendRequest, production: boolean): Promise<SendResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  return new Promise((settle) => {
    // One outcome per attempt, whichever comes first: the answer, an error, or the deadline.
    const deadline: { timer?: NodeJS.Timeout } = {};
    let settled = false;
    const resolve = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline.timer);
      settle(result);
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve({ statusCode: null, error: 'invalid address', durationMs: 0, excerpt: '' });
    }
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    if (production && (target.protocol !== 'https:' || (isIP(literal) !== 0 && isRefusedAddress(literal)))) {
      return resolve({ statusCode: null, error: new RefusedAddressError(target.hostname).message, durationMs: 0, excerpt: '' });
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    let answered: number | null = null;
    const request = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'USDT-Desk-Webhooks/1' },
        timeout: TIMEOUT_MS,
        ...(production ? { lookup: guardedLookup } : {}),
      },
      (response: IncomingMessage) => {
        answered = response.statusCode ?? null;
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
          // The rest of a long answer is not wanted: stop reading it.
          if (size >= EXCERPT_BYTES) response.destroy();
        });
        const done = () =>
          resolve({ statusCode: response.statusCode ?? null, error: cutOff ? CUT_OFF : null, durationMs: took(), excerpt: excerptOf(Buffer.concat(chunks)) });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    // The socket's timeout only counts silence: a receiver sending a byte at a time would hold the
    // attempt for hours (review 11, F2). The whole attempt, answer included, has TIMEOUT_MS.
    let cutOff = false;
    deadline.timer = setTimeout(() => {
      cutOff = true;
      request.destroy(new Error(CUT_OFF));
    }, TIMEOUT_MS);
    // An answer cut off mid-way still says what the receiver answered.
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ statusCode: answered, error: networkError(error), durationMs: took(), excerpt: '' }));
    request.end(body);
  });
}

/** The first KB as text, cut at a character boundary. */
const excerptOf = (bytes: Buffer) =>
  bytes
    .subarray(0, EXCERPT_BYTES)
    .toString('utf8')
    .replace(/\uFFFD$/, '');

const networkError = (error: NodeJS.ErrnoException): string => (error.code ? `${error.code}: ${error.message}` : error.message).slice(0, 300);
