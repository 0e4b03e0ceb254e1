import type pg from 'pg';
import { createKysely } from '../../platform/src/db/kysely';
import { systemMetadata } from '../../platform/src/eventstore/event-metadata';
import { PgEventStore } from '../../platform/src/eventstore/postgres/pg-event-store';
import type { ServicesDatabase } from '../../services/src/db/services-database';
import { OPERATOR_TENANT_ID } from '../../services/src/identity/admin-scope';
import { hashPassword } from '../../services/src/identity/password';
import { registerUser } from '../../services/src/identity/register-user';
import { insertSession } from '../../services/src/identity/sessions.repository';
import { TokenService } from '../../services/src/identity/tokens';
import { UserTrail } from '../../services/src/identity/user-trail';

/** Who holds a stream: the three kinds of viewer the hub tells apart. */
export type ViewerKind = 'operator_admin' | 'brand_admin' | 'customer';

export interface SeededViewer {
  userId: string;
  tenantId: string;
  kind: ViewerKind;
  token: string;
}

/**
 * The viewer of the `n`th stream. Real desks have far more customers than staff, but a customer's
 * stream carries only their own orders: the fan-out that costs is the staff's. One stream in ten is
 * staff's (a fifth of them operator admins, who see every brand; the rest brand admins, spread over
 * the brands other than the operator's), so each change reaches a few hundred streams at 5,000 rather than a handful.
 */
export function viewerKindOf(n: number): ViewerKind {
  if (n % 10 !== 0) return 'customer';
  return (n / 10) % 5 === 0 ? 'operator_admin' : 'brand_admin';
}

/**
 * `count` accounts made as the demo seed makes them (registerUser: the users row and UserRegistered,
 * with UserRolesChanged for staff, `via: 'seed'`), each with a live session and its token signed with
 * the server's JWT secret, as a sign-in would give. Signing 5,000 people in over HTTP would cost an
 * argon2id verification each (and the sign-in limits); the stream only needs a session and a token.
 * One stream per account: a user holds at most five (stream-slots.ts), so the streams come from as
 * many people as real ones do. `from` numbers the accounts so steps add new ones.
 */
export async function seedViewers(
  pool: pg.Pool,
  connectionString: string,
  jwtSecret: string,
  brands: readonly string[],
  from: number,
  count: number,
): Promise<SeededViewer[]> {
  const db = createKysely<ServicesDatabase>(pool);
  const trail = new UserTrail(new PgEventStore({ pool, connectionString }));
  const tokens = new TokenService(jwtSecret);
  // One argon2id hash for everyone: nobody signs in with it, and hashing each would take minutes.
  const passwordHash = await hashPassword('stream-bench-password');
  const viewers: SeededViewer[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const n = from + i;
      const kind = viewerKindOf(n);
      // A brand admin on the operator's own tenant would be an operator admin (admin-scope.ts): theirs are the other brands.
      const brandsOf = kind === 'brand_admin' ? brands.filter((b) => b !== OPERATOR_TENANT_ID) : brands;
      const tenantId = kind === 'operator_admin' ? OPERATOR_TENANT_ID : brandsOf[n % brandsOf.length]!;
      const roles = kind === 'customer' ? [] : ['admin'];
      const phone = `+919${String(n).padStart(9, '0')}`;
      const metadata = systemMetadata(tenantId, 'stream-bench');
      const user = await registerUser(db, trail, { tenantId, username: `stream ${n}`, phone, passwordHash, roles }, 'seed', metadata);
      if (!user) throw new Error(`stream bench: ${phone} already has an account on ${tenantId}`);
      const now = new Date();
      const session = await insertSession(db, {
        userId: user.id,
        tenantId,
        method: kind === 'customer' ? 'password' : 'password_totp',
        startedAt: now,
        expiresAt: new Date(now.getTime() + 12 * 3_600_000),
        ip: '127.0.0.1',
        userAgent: 'stream-bench',
      });
      viewers[i] = { userId: user.id, tenantId, kind, token: await tokens.issue(session) };
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return viewers;
}
