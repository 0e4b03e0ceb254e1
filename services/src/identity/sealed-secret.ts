import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/** A key for one purpose, derived from the token secret: a leak of one derived key leaks nothing else. */
export function derivedKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(purpose).digest();
}

const VERSION = 'v1';

/**
 * Secrets kept in the database sealed with AES-256-GCM (a key derived from the token secret, which
 * lives outside the database): a dump of the database alone cannot open them. `bound` (the owner's
 * id) is authenticated with the secret, so a sealed value copied onto another row does not open.
 */
export class SecretSeal {
  private readonly key: Buffer;

  constructor(tokenSecret: string, purpose: string) {
    this.key = derivedKey(tokenSecret, purpose);
  }

  seal(plain: string, bound: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(Buffer.from(bound));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), sealed.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  /** The plain secret; throws for anything not sealed by this key for `bound`. */
  open(sealed: string, bound: string): string {
    const [version, iv, body, tag] = sealed.split('.');
    if (version !== VERSION || !iv || !body || !tag) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(bound));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
