import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import { NotFoundError } from '@desk/platform/errors/domain-error';
import type { ServicesDatabase } from '../db/services-database';
import { commandMetadata } from '../http/request-context';
import type { ProxyTrust } from '../http/proxy-trust';
import { validate } from '../http/validate';
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

/** A session as its holder's sessions screen shows it: the address and browser as the request reported them. */
export function sessionJson(session: SessionRow, current: string) {
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
  return new Hono<AuthEnv>()
    .post('/logout', signedInFresh, async (c) => {
      const session = c.get('session');
      await sessions.end(c.get('user'), session.id, session.id, commandMetadata(c, actorOf(c), trustProxy));
      return c.json({ message: 'Signed out' }, 200);
    })
    .get('/sessions', signedInFresh, async (c) => {
      const current = c.get('session').id;
      return c.json({ sessions: (await liveSessions(db, c.get('user').id)).map((s) => sessionJson(s, current)) }, 200);
    })
    .delete('/sessions/:id', signedInFresh, validate('param', sessionIdParam), async (c) => {
      const id = c.req.valid('param').id.toLowerCase();
      const ended = await sessions.end(c.get('user'), id, c.get('session').id, commandMetadata(c, actorOf(c), trustProxy));
      if (!ended) throw new NotFoundError('No such session is signed in');
      return c.json({ message: 'Session signed out' }, 200);
    })
    .post('/sessions/revoke-others', signedInFresh, async (c) => {
      const revoked = await sessions.endOthers(c.get('user'), c.get('session').id, commandMetadata(c, actorOf(c), trustProxy));
      return c.json({ revoked }, 200);
    });
}
