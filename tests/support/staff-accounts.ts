import { Secret, TOTP } from 'otpauth';
import { systemMetadata } from '../../platform/src/eventstore/event-metadata';
import { hashPassword } from '../../services/src/identity/password';
import type { TestApp } from './test-app';

/** A staff account as the admin CLI makes one (a password the holder chose), on the operator's brand unless said. */
export async function createStaff(t: TestApp, phone: string, password: string, roles: string[] = ['admin'], tenantId = 'default') {
  const user = await t.deps.roles.create(
    { tenantId, username: `staff ${phone}`, phone, passwordHash: await hashPassword(password), roles },
    'cli',
    systemMetadata(tenantId, 'test'),
  );
  if (!user) throw new Error(`${phone} is taken`);
  return user;
}

/** The authenticator app's code for `secret`, `steps` time steps from now (the server takes one step either side). */
export function totpCode(secret: string, steps = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });
}

type Post = (path: string, body: unknown) => Promise<any>;

/**
 * Signs a staff member in over HTTP whatever STAFF_TOTP says (production requires an authenticator,
 * decision 0029): the password, then setting one up (the first time) or a code from it, computed with
 * the same library as the server. Answers the token and the secret, to sign in again later
 * (`steps`: which time step's code, since each is taken once).
 */
export async function staffSignIn(post: Post, credentials: { phone: string; password: string }, secret: string | null = null, steps = 1) {
  const first = await post('/api/auth/login', credentials);
  if (first.token) return { token: first.token as string, secret };
  if (first.secondFactor === 'totp') {
    if (!secret) throw new Error(`${credentials.phone} has an authenticator this test does not know`);
    return { token: (await post('/api/auth/login/totp', { challenge: first.challenge, code: totpCode(secret, steps) })).token as string, secret };
  }
  if (first.secondFactor !== 'enrol') throw new Error(`sign-in as ${credentials.phone} answered ${JSON.stringify(first)}`);
  const setup = await post('/api/auth/totp/enrolment', { challenge: first.challenge });
  const enrolled = await post('/api/auth/totp/enrolment/confirm', { challenge: first.challenge, code: totpCode(setup.secret) });
  return { token: enrolled.token as string, secret: setup.secret as string };
}
