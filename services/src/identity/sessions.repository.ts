import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { PREPARED } from '@desk/platform/db/kysely';
import type { SessionEndReason, SignInMethod } from '@desk/machines/identity/user.events';
import type { ServicesDatabase, SessionsTable } from '../db/services-database';

export type SessionRow = Selectable<SessionsTable>;
type Db = Kysely<ServicesDatabase>;

export interface NewSession {
  userId: string;
  tenantId: string;
  method: SignInMethod;
  startedAt: Date;
  expiresAt: Date;
  /** As the request reported them; kept short. */
  ip: string | null;
  userAgent: string | null;
}

/** Why a session ended: its holder signed it out, or one of the reasons sessions are revoked. */
export type EndReason = 'signed_out' | SessionEndReason;

export async function insertSession(db: Db, session: NewSession): Promise<SessionRow> {
  return db
    .insertInto('sessions')
    .values({
      id: randomUUID(),
      user_id: session.userId,
      tenant_id: session.tenantId,
      method: session.method,
      started_at: session.startedAt,
      expires_at: session.expiresAt,
      last_seen_at: session.startedAt,
      ip: session.ip,
      user_agent: session.userAgent?.slice(0, 300) ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Read on the first request a process serves for a session (then kept: signed-in-sessions.ts), so
 * prepared once per connection, its columns named (a prepared `select *` fails once a column is added).
 */
export async function findSessionById(db: Db, id: string): Promise<SessionRow | undefined> {
  const { rows } = await sql<SessionRow>`
    ${PREPARED} select id, user_id, tenant_id, method, started_at, expires_at, last_seen_at, revoked_at, revoked_reason, ip, user_agent
    from sessions where id = ${id}`.execute(db);
  return rows[0];
}

/** Whether the session opens its account at `now`: not ended, not past its time. */
export const isLive = (session: Pick<SessionRow, 'revoked_at' | 'expires_at'>, now = Date.now()): boolean =>
  session.revoked_at === null && session.expires_at.getTime() > now;

/** The user's sessions that still open the account, most recently used first. */
export function liveSessions(db: Db, userId: string, now = new Date()): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .orderBy('started_at', 'desc')
    .execute();
}

/**
 * Ends the user's live sessions (all of them, or one, or all but one) and answers the ids ended.
 * Run inside the transaction of the change that ends them, so the two commit together.
 */
export async function endSessions(
  db: Db,
  userId: string,
  reason: EndReason,
  which: { only?: string; except?: string } = {},
  now = new Date(),
): Promise<string[]> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
  if (which.only !== undefined) query = query.where('id', '=', which.only);
  if (which.except !== undefined) query = query.where('id', '<>', which.except);
  const rows = await query.returning('id').execute();
  return rows.map((r) => r.id);
}

/** Moves `last_seen_at` on (coarsely: signed-in-sessions.ts writes it every few minutes). */
export async function touchSession(db: Db, id: string, at: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).where('last_seen_at', '<', at).execute();
}
