import type { RefusalStatus } from './openapi-route';

type Refusals = Partial<Record<RefusalStatus, string>>;

/** What a signed-in POST may be refused with because of its Idempotency-Key (idempotency.ts). */
const IDEMPOTENCY: Refusals = {
  409: 'idempotency_in_progress: a request with this Idempotency-Key is still being processed',
  422: 'idempotency_key_reused: this Idempotency-Key was already used for a different request',
};
/** What any body over its route's allowance is refused with (body-limits.ts). */
const TOO_LARGE: Refusals = { 413: 'payload_too_large: the body is over what this route takes (64 KB for JSON)' };

/**
 * A route's own refusals with those the API's middleware adds (`post`: a signed-in POST, which
 * takes an Idempotency-Key; `body`: it takes a body), each status's meanings joined.
 */
export function withCommonRefusals(own: Refusals, { post = false, body = false }: { post?: boolean; body?: boolean }): Refusals {
  const merged: Refusals = { ...own };
  for (const extra of [post ? IDEMPOTENCY : {}, body || post ? TOO_LARGE : {}]) {
    for (const [status, text] of Object.entries(extra) as [`${RefusalStatus}`, string][]) {
      const key = Number(status) as RefusalStatus;
      merged[key] = merged[key] ? `${merged[key]}; ${text}` : text;
    }
  }
  return merged;
}
