import { randomBytes } from 'node:crypto';

/**
 * A password for the operator to hand over and have changed: 18 random bytes (144 bits), 24
 * characters of base64url, so it survives copying from a terminal and needs no quoting in a shell.
 */
export function oneTimePassword(): string {
  return randomBytes(18).toString('base64url');
}
