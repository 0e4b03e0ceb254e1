import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import { NotFoundError } from '@desk/platform/errors/domain-error';
import { answer, problemsOf, routes } from '../http/openapi-route';
import { routeGroup } from '../http/route-group';
import { alsoRefuses, behind, underAuth } from './declared-route-extras';
import type { ServicesDatabase } from '../db/services-database';
import { commandMetadata } from '../http/request-context';
import type { ProxyTrust } from '../http/proxy-trust';
import { actorOf, type AuthEnv } from './auth.middleware';
import { liveSessions, type SessionRow } from './sessions.repository';
import type { UserSessions } from './user-sessions';

export interface SessionRouteDeps {
  db: Kysely<ServicesDatabase>;
  sessions: UserSessions;
  /** requireUser on the rows read fresh: ending sessions is decided on the session as the database has it. */
  signedInFresh: MiddlewareHandler<AuthEnv>;
  trustProxy: ProxyTrust;
}

export const sessionIdParam = z.object({ id: z.uuid('Not a session id') });

const time = z.iso.datetime();
/** A session as the API answers it (`sessionJson`). */
export const sessionJsonSchema = z.object({
  id: z.string(),
  current: z.boolean().describe('This session (the one the request came with)'),
  method: z.string().describe('How it was signed in: password, otp, password_totp, recovery_code, sign_up'),
  startedAt: time,
  lastSeenAt: time,
  expiresAt: time,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});

const message = (description: string) => answer(description, z.object({ message: z.string() }));
const account = routeGroup({ tag: 'account', access: 'user' });

export const sessionDeclarations = underAuth({
  logout: account.post('/logout', {
    summary: 'Sign out: this session ends on the server',
    answers: { 200: message('Signed out') },
  }),
  sessions: account.get('/sessions', {
    summary: "The account's live sessions, this one marked",
    answers: { 200: answer('The live sessions', z.object({ sessions: z.array(sessionJsonSchema) })) },
  }),
  end: alsoRefuses(
    account.delete('/sessions/{id}', {
      summary: 'End one of your own sessions',
      answers: { 200: message('Signed out') },
      refuses: { 404: 'No such session of yours is signed in' },
    }),
    { 400: '`validation_error`: the id is not a session id' },
  ),
  endOthers: account.post('/sessions/revoke-others', {
    summary: 'End every other session of the account',
    answers: { 200: answer('How many sessions ended', z.object({ revoked: z.number().int() })) },
  }),
});

/** A session as its holder's sessions screen shows it: the address and browser as the request reported them. */
export function sessionJson(session: SessionRow, current: string): z.infer<typeof sessionJsonSchema> {
  return {
    id: session.id,
    current: session.id === current,
    method: session.method,
    startedAt: session.started_at.toISOString(),
    lastSeenAt: session.last_seen_at.toISOString(),
    expiresAt: session.expires_at.toISOString(),
    ip: session.ip,
    userAgent: session.user_agent,
  };
}

/** Sign-out and the signed-in user's own sessions (decision 0029), mounted at /api/auth. */
export function sessionRoutes({ db, sessions, signedInFresh, trustProxy }: SessionRouteDeps) {
  const declared = sessionDeclarations;
  return routes<AuthEnv>()
    .openapi(behind(declared.logout, signedInFresh), async (c) => {
      const session = c.get('session');
      await sessions.end(c.get('user'), session.id, session.id, commandMetadata(c, actorOf(c), trustProxy));
      return c.json({ message: 'Signed out' }, 200);
    })
    .openapi(behind(declared.sessions, signedInFresh), async (c) => {
      const current = c.get('session').id;
      return c.json({ sessions: (await liveSessions(db, c.get('user').id)).map((s) => sessionJson(s, current)) }, 200);
    })
    .openapi(behind(declared.end, signedInFresh), async (c) => {
      const param = sessionIdParam.safeParse({ id: c.req.param('id') });
      if (!param.success) throw problemsOf(param.error);
      const id = param.data.id.toLowerCase();
      const ended = await sessions.end(c.get('user'), id, c.get('session').id, commandMetadata(c, actorOf(c), trustProxy));
      if (!ended) throw new NotFoundError('No such session is signed in');
      return c.json({ message: 'Session signed out' }, 200);
    })
    .openapi(behind(declared.endOthers, signedInFresh), async (c) => {
      const revoked = await sessions.endOthers(c.get('user'), c.get('session').id, commandMetadata(c, actorOf(c), trustProxy));
      return c.json({ revoked }, 200);
    });
}
