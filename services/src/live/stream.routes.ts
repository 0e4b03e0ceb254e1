import type { MiddlewareHandler } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { ServicesDatabase } from '../db/services-database';
import { answer, declare, errorSchema, routes } from '../http/openapi-route';
import { findUserById, type UserRow } from '../identity/users.repository';
import { adminScopeOf, complianceScopeOf } from '../identity/admin-scope';
import type { AuthEnv, DeletedTenantCheck } from '../identity/auth.middleware';
import { isLive, type SessionRow } from '../identity/sessions.repository';
import { BadTicketError, type StreamTickets, type TicketClaims } from './stream-tickets';
import type { ChangeHub, Viewer } from './change-hub';
import { HEARTBEAT_FRAME } from './sse-frames';

/** A comment line this often keeps proxies from closing an idle stream; the user is checked again with it. */
export const HEARTBEAT_MS = 15_000;

export const streamQuerySchema = z.object({
  ticket: z.string().min(1).max(200).describe('A ticket from POST /stream/ticket: single use, for 30 seconds'),
  lastEventId: z
    .string()
    .max(40)
    .optional()
    .describe("For a new EventSource resuming an earlier one's stream (EventSource sends `Last-Event-ID` only on its own retries): the last event id it saw"),
});

// Mounted at /stream: the ids a declaration makes from its relative path ("get", "postTicket") would not say which stream.
export const streamDeclarations = {
  ticket: declare({
    method: 'post',
    path: '/ticket',
    tag: 'live updates',
    access: 'user',
    summary: 'A single-use ticket (30 s) that opens one live stream for this user and session',
    answers: {
      200: answer(
        'The ticket',
        z.object({ ticket: z.string().describe('For GET /stream?ticket=…'), expiresInSeconds: z.number().int().describe('How long it opens a stream') }),
      ),
    },
  }),
  stream: declare({
    method: 'get',
    path: '/',
    tag: 'live updates',
    access: 'public',
    summary: 'Server-sent events of the changes this user may see',
    description:
      'No token: the ticket is the permission. Events: `ready`, `order`, `dashboard`, `reset`; ids resume with `Last-Event-ID` or `?lastEventId=`. ' +
      'The stream ends when the session that asked for the ticket does (signed out, revoked, expired), or when the user’s roles change.',
    query: streamQuerySchema,
    answers: {
      200: { description: 'The event stream', content: { 'text/event-stream': { schema: z.string() } } },
      401: answer('invalid_stream_ticket: the ticket is unknown, used or expired, or its session or user no longer works', errorSchema),
    },
  }),
};

export interface StreamDeps {
  db: Kysely<ServicesDatabase>;
  tickets: StreamTickets;
  hub: ChangeHub;
  signedIn: MiddlewareHandler<AuthEnv>;
  /** A session's row as requireUser reads it: from memory while LISTEN stands (signed-in-sessions.ts), so a heartbeat's check costs no round trip. */
  session: (id: string) => Promise<SessionRow | undefined>;
  /**
   * The user's row, the same way (signed-in-users.ts); unsaid, read from the database. Read at each
   * heartbeat of each stream: 5,000 streams made 330 queries a second of it (docs/performance.md).
   */
  user?: (id: string) => Promise<UserRow | undefined>;
  tenantDeleted: DeletedTenantCheck;
  heartbeatMs?: number;
}

const viewerOf = (user: UserRow): Viewer => ({ userId: user.id, admin: adminScopeOf(user), compliance: complianceScopeOf(user) });

const parseId = (value: string | undefined): bigint | null => (value && /^\d{1,19}$/.test(value) ? BigInt(value) : null);

/**
 * Live updates (docs/api.md, "Live updates"): a ticket for a signed-in user, then the SSE stream
 * the ticket opens. The user and the session that asked for the ticket are checked again when the
 * stream opens and with every heartbeat, as requireUser does per request: a deleted account or
 * brand, a password changed since the ticket, or the session signed out, revoked or past its time
 * (the review's F6: a stream outlived its sign-out) ends it within a heartbeat.
 */
export function streamRoutes(deps: StreamDeps) {
  const { db, tickets, hub } = deps;
  const heartbeatMs = deps.heartbeatMs ?? HEARTBEAT_MS;
  const userOf = deps.user ?? ((id: string) => findUserById(db, id));
  const stillValid = async (claims: TicketClaims): Promise<UserRow | null> => {
    const session = await deps.session(claims.sessionId);
    if (!session || !isLive(session) || session.user_id !== claims.userId) return null;
    const user = await userOf(claims.userId);
    if (!user || user.tenant_id !== claims.tenantId) return null;
    if (user.password_changed_at.getTime() > claims.issuedAt) return null;
    if (await deps.tenantDeleted(user.tenant_id)) return null;
    return user;
  };

  return routes<AuthEnv>()
    .openapi({ ...streamDeclarations.ticket, middleware: [deps.signedIn, ...streamDeclarations.ticket.middleware] }, async (c) => {
      const user = c.get('user');
      return c.json(await tickets.issue(user.id, user.tenant_id, c.get('session').id), 200);
    })
    .openapi(streamDeclarations.stream, async (c) => {
      const query = c.req.valid('query');
      const claims = await tickets.redeem(query.ticket);
      const user = claims && (await stillValid(claims));
      if (!claims || !user) throw new BadTicketError();
      const resumeFrom = parseId(c.req.header('last-event-id') ?? query.lastEventId);
      c.header('X-Accel-Buffering', 'no');
      return streamSSE(c, async (stream) => {
        let finish: () => void = () => undefined;
        const finished = new Promise<void>((resolve) => (finish = resolve));
        stream.onAbort(() => finish());
        const viewer = viewerOf(user);
        const unsubscribe = await hub.subscribe(viewer, resumeFrom, (chunk) => stream.write(chunk).then(() => undefined), finish);
        const heartbeat = setInterval(() => {
          void stream.write(HEARTBEAT_FRAME);
          // A role granted or removed meanwhile: end it, the client's next stream has the new scope.
          // The session ended (signed out, revoked, expired): end it, the client signs in again.
          stillValid(claims).then(
            (current) => (!current || JSON.stringify(viewerOf(current)) !== JSON.stringify(viewer)) && finish(),
            () => undefined,
          );
        }, heartbeatMs);
        try {
          await finished;
        } finally {
          clearInterval(heartbeat);
          unsubscribe();
        }
      });
    });
}
