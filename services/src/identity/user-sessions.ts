import type { Kysely } from 'kysely';
import type { EventMetadata } from '@desk/platform/eventstore/event-metadata';
import { SESSIONS_REVOKED, STAFF_SIGNED_IN, STAFF_SIGNED_OUT, type SessionEndReason, type SignInMethod } from '@desk/machines/identity/user.events';
import type { ServicesDatabase } from '../db/services-database';
import type { Actor } from '../http/request-context';
import { adminScopeOf, complianceScopeOf, isStaff } from './admin-scope';
import { endSessions, insertSession, type SessionRow } from './sessions.repository';
import type { TokenService } from './tokens';
import type { Trail } from './user-trail';
import type { UserRow } from './users.repository';

type Db = Kysely<ServicesDatabase>;

/**
 * How long a session lasts from its sign-in, whatever its use (decision 0029): staff 12 hours, one
 * working day, so a desk left signed in overnight is signed out by morning and a stolen staff token
 * is worth a day at most; customers 7 days, as before, since they act on their own money only.
 */
export const SESSION_LIFETIME_MS = { staff: 12 * 3600_000, customer: 7 * 24 * 3600_000 } as const;

/** The user as the actor of their own sign-in or sign-out. */
export function selfActor(user: UserRow): Actor {
  const role = adminScopeOf(user) ? 'admin' : complianceScopeOf(user) ? 'compliance' : 'customer';
  return { id: user.id, role, tenantId: user.tenant_id };
}

/**
 * Ends the user's live sessions in the caller's transaction (with the change that ends them), and,
 * for staff (before or after the change), records SessionsRevoked on their stream. Answers the ids
 * ended: the caller tells its process's cache once committed (`UserSessions.forget`).
 */
export async function endSessionsRecorded(
  trx: Db,
  trail: Trail,
  user: UserRow,
  reason: SessionEndReason,
  metadata: EventMetadata,
  options: { except?: string; only?: string; wasStaff?: boolean } = {},
): Promise<string[]> {
  const ended = await endSessions(trx, user.id, reason, { except: options.except, only: options.only }, new Date(metadata.acceptedAt));
  if (ended.length > 0 && (isStaff(user) || options.wasStaff)) {
    const data = { userId: user.id, tenantId: user.tenant_id, sessionIds: ended, reason, revokedAt: metadata.acceptedAt };
    await trail.record(user, [{ type: SESSIONS_REVOKED, data }], metadata);
  }
  return ended;
}

/** Sessions opened and ended by the API (decision 0029). Staff's are recorded on their stream; customers' live in the table only. */
export class UserSessions {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly trail: Trail,
    /** This process's cache of sessions (signed-in-sessions.ts), told of sessions ended here. */
    readonly forget: (sessionIds: readonly string[]) => void,
  ) {}

  /** A new session for the user and its token; staff's recorded as StaffSignedIn in the same transaction. */
  async open(user: UserRow, method: SignInMethod, metadata: EventMetadata): Promise<{ token: string; session: SessionRow }> {
    const startedAt = new Date(metadata.acceptedAt);
    const lifetime = isStaff(user) ? SESSION_LIFETIME_MS.staff : SESSION_LIFETIME_MS.customer;
    const session = await this.db.transaction().execute(async (trx) => {
      const opened = await insertSession(trx, {
        userId: user.id,
        tenantId: user.tenant_id,
        method,
        startedAt,
        expiresAt: new Date(startedAt.getTime() + lifetime),
        ip: metadata.ip,
        userAgent: metadata.userAgent,
      });
      if (isStaff(user)) {
        const data = {
          userId: user.id,
          tenantId: user.tenant_id,
          phone: user.phone,
          sessionId: opened.id,
          method,
          expiresAt: opened.expires_at.toISOString(),
          signedInAt: metadata.acceptedAt,
        };
        await this.trail.record(user, [{ type: STAFF_SIGNED_IN, data }], metadata);
      }
      return opened;
    });
    return { token: await this.tokens.issue(session, startedAt.getTime()), session };
  }

  /** A new token for a session that goes on (after a password change, which ends older tokens). */
  reissue(session: SessionRow, now: number): Promise<string> {
    return this.tokens.issue(session, now);
  }

  /** Ends one of the user's sessions: their sign-out when it is `current`, else one ended from another. False if it was not live. */
  async end(user: UserRow, sessionId: string, current: string, metadata: EventMetadata): Promise<boolean> {
    const ended = await this.db.transaction().execute(async (trx) => {
      if (sessionId !== current) return endSessionsRecorded(trx, this.trail, user, 'signed_out_elsewhere', metadata, { only: sessionId });
      const ids = await endSessions(trx, user.id, 'signed_out', { only: sessionId }, new Date(metadata.acceptedAt));
      if (ids.length > 0 && isStaff(user)) {
        const data = { userId: user.id, tenantId: user.tenant_id, sessionId, signedOutAt: metadata.acceptedAt };
        await this.trail.record(user, [{ type: STAFF_SIGNED_OUT, data }], metadata);
      }
      return ids;
    });
    this.forget(ended);
    return ended.length > 0;
  }

  /** Ends every live session of the user but `current`; answers how many. */
  async endOthers(user: UserRow, current: string, metadata: EventMetadata): Promise<number> {
    const ended = await this.db
      .transaction()
      .execute((trx) => endSessionsRecorded(trx, this.trail, user, 'signed_out_elsewhere', metadata, { except: current }));
    this.forget(ended);
    return ended.length;
  }
}
