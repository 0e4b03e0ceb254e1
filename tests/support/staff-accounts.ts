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
