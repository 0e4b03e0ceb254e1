import type { MiddlewareHandler } from 'hono';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { ServicesDatabase } from '../db/services-database';
import { answer, declare, routes } from '../http/openapi-route';
import { behind, underAuth } from './declared-route-extras';
import type { AuthEnv } from './auth.middleware';

/** The screens' languages (decision 0036); the English texts are the specification's. */
export const SCREEN_LANGUAGES = ['en', 'hi'] as const;

export const languageSchema = z.object({
  language: z.enum(SCREEN_LANGUAGES, { error: 'Language must be en or hi' }),
});

export const setLanguage = underAuth({
  setLanguage: declare({
    method: 'put',
    path: '/language',
    tag: 'account',
    access: 'user',
    summary: "The signed-in person's language for the screens (en or hi), kept with the account; the API's texts stay English",
    body: languageSchema,
    answers: { 200: answer('Kept', z.object({ language: z.enum(SCREEN_LANGUAGES) })) },
  }),
}).setLanguage;

export interface LanguageDeps {
  db: Kysely<ServicesDatabase>;
  signedIn: MiddlewareHandler<AuthEnv>;
  /** Told of a user whose row this process changed (signed-in-users.ts). */
  forgetUser: (id: string) => void;
}

/**
 * `PUT /api/auth/language`: the signed-in person's own language for the screens, kept with their
 * account so it follows them to another browser. Anyone signed in may set their own, and only their own.
 */
export function languageRoutes({ db, signedIn, forgetUser }: LanguageDeps) {
  return routes<AuthEnv>().openapi(behind(setLanguage, signedIn), async (c) => {
    const { language } = c.req.valid('json');
    const user = c.get('user');
    await db
      .updateTable('users')
      .set({ language, updated_at: sql<Date>`now()` })
      .where('id', '=', user.id)
      .execute();
    forgetUser(user.id);
    return c.json({ language }, 200);
  });
}
