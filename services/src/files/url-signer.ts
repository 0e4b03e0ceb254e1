import { createHmac, timingSafeEqual } from 'node:crypto';
import { fixedError } from '@desk/platform/errors/domain-error';

/** A signed link that is expired, altered, or whose maker may no longer open it. */
export const ExpiredLinkError = fixedError('invalid_link', 403, 'This download link has expired or is invalid. Please export again.');

/**
 * Signed, expiring links for things a browser opens without an Authorization header (proof files,
 * CSV exports). The signature covers the path, the expiry and any bound parameters, so a link
 * cannot be stretched, moved to another file, or used with other filters.
 */
export class UrlSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    // Its own key, derived from the token secret, so a link signature can never pass as a token.
    this.key = createHmac('sha256', secret).update('signed-urls').digest();
  }

  sign(pathname: string, ttlSeconds: number, bound: Record<string, string> = {}, now = Date.now()): string {
    const exp = String(Math.floor(now / 1000) + ttlSeconds);
    const params = new URLSearchParams({ ...bound, exp });
    params.sort();
    params.set('sig', this.signature(pathname, params));
    return `${pathname}?${params.toString()}`;
  }

  /** True when `query` carries a valid, unexpired signature for `pathname`. */
  verify(pathname: string, query: Record<string, string>, now = Date.now()): boolean {
    const { sig, ...rest } = query;
    if (!sig || !rest.exp || !/^\d+$/.test(rest.exp) || Number(rest.exp) * 1000 < now) return false;
    const params = new URLSearchParams(rest);
    params.sort();
    const expected = Buffer.from(this.signature(pathname, params));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private signature(pathname: string, params: URLSearchParams): string {
    return createHmac('sha256', this.key).update(`${pathname}?${params.toString()}`).digest('base64url');
  }
}
