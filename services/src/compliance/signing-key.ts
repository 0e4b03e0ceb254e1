import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import path from 'node:path';
import { publishOnce } from '@desk/platform/files/publish-once';
import { logger } from '@desk/platform/logging/logger';
import { keyFingerprint } from '@desk/platform/eventstore/chain/key-fingerprint';

/** The key audit exports are signed with: ed25519, so verifying needs only its public half. */
export interface SigningKey {
  readonly publicKeyPem: string;
  /** `sha256:<hex>` of the public key (SPKI DER): what an auditor pins. */
  readonly fingerprint: string;
  sign(message: Buffer | string): string;
}

function signingKeyOf(privateKey: KeyObject): SigningKey {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('AUDIT_SIGNING_KEY must be an ed25519 private key (PKCS#8 PEM)');
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return {
    publicKeyPem,
    fingerprint: keyFingerprint(publicKeyPem),
    sign: (message) => sign(null, Buffer.from(message), privateKey).toString('base64'),
  };
}

/** PEM as is, or the same PEM base64-encoded (it fits an environment variable on one line). */
function parsePem(configured: string): KeyObject {
  const pem = configured.includes('-----BEGIN') ? configured : Buffer.from(configured, 'base64').toString('utf8');
  return createPrivateKey(pem.replace(/\\n/g, '\n'));
}

/** Why production will not start without a key of its own: said once, where the start fails. */
export const KEY_REQUIRED_IN_PRODUCTION =
  'AUDIT_SIGNING_KEY is required in production: an ed25519 private key from a secret store (openssl genpkey -algorithm ed25519 | base64 -w0). A key generated next to the database would be in the reach of whoever can rewrite the database, which is what the signature guards against';

/**
 * AUDIT_SIGNING_KEY when set (several API processes need one key). Production refuses to start
 * without it (decision 0017, revised by issue 27): the signature on an export is what shows history
 * was not rewritten, so its key must live outside the database's reach, in a secret store. Elsewhere
 * (development, tests) a key is generated once and kept in DATA_DIR (mode 600), published once
 * (publish-once.ts) so two processes starting together agree.
 */
export function loadSigningKey(configured: string | undefined, dataDir: string, nodeEnv: 'development' | 'production' | 'test' = 'development'): SigningKey {
  if (configured) return signingKeyOf(parsePem(configured));
  if (nodeEnv === 'production') throw new Error(KEY_REQUIRED_IN_PRODUCTION);
  const file = path.resolve(dataDir, 'audit-signing-key.pem');
  const { content, made } = publishOnce(file, () => generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  const key = signingKeyOf(createPrivateKey(content));
  if (made) logger.info('generated the audit export signing key for development (production takes AUDIT_SIGNING_KEY)', { file, fingerprint: key.fingerprint });
  return key;
}

/**
 * What a process that signs no exports holds instead of a key (the job worker: it serves no
 * compliance route), so it needs no AUDIT_SIGNING_KEY and holds none. Signing with it is a bug.
 */
export const NO_SIGNING_KEY: SigningKey = {
  publicKeyPem: '',
  fingerprint: 'none: this process signs no exports',
  sign: () => {
    throw new Error('this process signs no audit exports (it was started without a signing key)');
  },
};
