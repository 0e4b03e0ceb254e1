import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Argon2id (value 2 of the package's const enum, which isolated modules cannot import as a value),
// with the library's defaults for memory and time cost (OWASP's minimums or above).
const ARGON2ID = 2 as Algorithm;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against a real hash when the phone is unknown keeps the response time the same, so
// timing does not tell which phones have accounts.
let dummyHash: Promise<string> | null = null;
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
