import { createHash, createPublicKey } from 'node:crypto';

/** `sha256:<hex>` of a public key's SPKI DER: how an export's signing key is named and pinned. */
export function keyFingerprint(publicKeyPem: string): string {
  const der = createPublicKey(publicKeyPem).export({ type: 'spki', format: 'der' });
  return `sha256:${createHash('sha256').update(der).digest('hex')}`;
}
