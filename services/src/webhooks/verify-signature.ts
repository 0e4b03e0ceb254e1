import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A receiver's check of a delivery (docs/webhooks.md shows this very function): the
 * `X-Desk-Signature` header is `t=<unix seconds>,v1=<hex>[,v1=<hex>]`, each `v1` an HMAC-SHA256 of
 * `<t>.<raw body>` under one of the endpoint's live secrets (two during a rotation's overlap).
 * Refuses a timestamp more than five minutes old (or ahead), so a recorded delivery cannot be replayed.
 */
export function verifySignature(rawBody: string, header: string | undefined, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  const parts = (header ?? '').split(',').map((part) => part.trim().split('='));
  const t = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return parts
    .filter(([key, value]) => key === 'v1' && /^[0-9a-f]{64}$/.test(value ?? ''))
    .some(([, value]) => timingSafeEqual(Buffer.from(value!, 'hex'), expected));
}
