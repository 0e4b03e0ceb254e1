import { Hono } from 'hono';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import { validate } from '../http/validate';
import type { AuthEnv } from '../http/auth';
import { DomainError } from '../shared/domain-error';
import { phoneSchema } from './phone';
import { insertUser, listUsers } from './users.repository';
import { hashPassword, MIN_PASSWORD_LENGTH } from './password';
import { userJson, usersJson } from './user-json';

class PhoneTakenError extends DomainError {
  constructor() {
    super('phone_taken', 409, 'Phone number already exists');
  }
}

const createUserSchema = z.object({
  username: z.string().trim().max(100).optional().transform((v) => (v ? v : null)),
  phone: phoneSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(MIN_PASSWORD_LENGTH, 'Password must be at least 6 characters long')
    .max(200),
});

/** Mounted under /api/admin behind requireUser + requireAdmin. Role editing is not offered. */
export function adminUserRoutes(db: Kysely<ServicesDatabase>) {
  return new Hono<AuthEnv>()
    .get('/users', async (c) => {
      const users = await usersJson(db, await listUsers(db, c.get('user').tenant_id));
      return c.json({ users, total: users.length }, 200);
    })
    .post('/users', validate('json', createUserSchema), async (c) => {
      const { username, phone, password } = c.req.valid('json');
      const created = await insertUser(db, {
        tenantId: c.get('user').tenant_id,
        username,
        phone,
        passwordHash: await hashPassword(password),
        roles: [],
      });
      if (!created) throw new PhoneTakenError();
      return c.json({ user: userJson(created), message: 'User created successfully' }, 201);
    });
}
