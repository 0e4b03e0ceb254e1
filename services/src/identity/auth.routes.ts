import { Hono } from 'hono';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import { validate } from '../http/validate';
import { requireUser, type AuthEnv } from '../http/auth';
import { DomainError } from '../shared/domain-error';
import { phoneSchema } from './phone';
import { findUserByPhone } from './users.repository';
import { verifyAgainstNothing, verifyPassword } from './password';
import { userJson } from './user-json';
import type { TokenService } from './tokens';

class InvalidCredentialsError extends DomainError {
  constructor() {
    super('invalid_credentials', 401, 'Invalid credentials');
  }
}

const loginSchema = z.object({
  phone: phoneSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});

export interface AuthDeps {
  db: Kysely<ServicesDatabase>;
  tokens: TokenService;
  /** Accounts belong to a tenant; until tenants are resolved from the host, everyone is in this one. */
  defaultTenantId: string;
}

export function authRoutes({ db, tokens, defaultTenantId }: AuthDeps) {
  return new Hono<AuthEnv>()
    .post('/login', validate('json', loginSchema), async (c) => {
      const { phone, password } = c.req.valid('json');
      const user = await findUserByPhone(db, defaultTenantId, phone);
      const ok = user ? await verifyPassword(user.password_hash, password) : await verifyAgainstNothing(password);
      if (!user || !ok) throw new InvalidCredentialsError();
      const token = await tokens.issue(user.id, user.tenant_id);
      return c.json({ token, user: userJson(user) }, 200);
    })
    .get('/me', requireUser(db, tokens), (c) => c.json(userJson(c.get('user')), 200));
}
