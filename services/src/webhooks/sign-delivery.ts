import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret: 32 random bytes, shown to the admin once, prefixed so a leaked one is recognisable. */
export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/** Every live secret signs: one `v1=` each (verify-signature.ts accepts a delivery if any matches). */
export function signatureHeader(body: string, secrets: readonly string[], unixSeconds: number): string {
  const signatures = secrets.map((secret) => `v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`);
  return [`t=${unixSeconds}`, ...signatures].join(',');
}
