import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import { systemMetadata } from '@desk/platform/eventstore/event-metadata';
import { logger } from '@desk/platform/logging/logger';
import { findUserByPhone, hasAdmin } from './users.repository';
import { hashPassword, verifyPassword } from './password';
import { ADMIN_ROLE } from './admin-scope';
import type { UserRoles } from './user-roles';
import { isLoopbackHost } from '../http/loopback-host';
import { canonicalPhone } from './canonical-phone';
import { unsettledSpellings } from './canonical-phones-fix';

export const DEV_ADMIN_PHONE = '+919999999999';
export const DEV_ADMIN_PASSWORD = 'admin123';

export interface AdminSettings {
  ADMIN_PHONE?: string | undefined;
  ADMIN_PASSWORD?: string | undefined;
  NODE_ENV: 'development' | 'production' | 'test';
  /** Where the API listens: the public development login is only for a server nobody else can reach. */
  HOST?: string | undefined;
  /** NODE_ENV as the environment set it (the parsed one defaults to development). */
  declaredNodeEnv?: string | undefined;
  /** A proxy in front: a loopback HOST then says nothing about who can reach the server. */
  TRUST_PROXY?: { enabled: boolean } | undefined;
}

export type AdminBootstrap = 'configured' | 'development' | 'existing' | 'generated';

/**
 * Makes sure the operator can sign in, the first time the server starts:
 * - ADMIN_PHONE/ADMIN_PASSWORD set: that account is created if missing, or given the admin role
 *   (an existing password is never overwritten);
 * - neither set, and NODE_ENV=development declared or a loopback HOST: the well-known development
 *   login, printed;
 * - neither set otherwise: nothing when the operator already has an admin (made by the admin CLI,
 *   or an earlier start); with none, production refuses to start, and anything else creates one
 *   with a generated password, printed once (it is never shown or kept anywhere again).
 * Production also refuses to start while the development login still signs in: a server first run
 * on loopback without NODE_ENV (behind a local proxy, say) kept it, and no later start said so.
 */
export async function ensureAdmin(db: Kysely<ServicesDatabase>, roles: UserRoles, tenantId: string, settings: AdminSettings): Promise<AdminBootstrap> {
  if (settings.NODE_ENV === 'production') await refuseDevelopmentLogin(db, tenantId);
  const { ADMIN_PHONE: phone, ADMIN_PASSWORD: password } = settings;
  if (phone && password) {
    await ensureAccount(db, roles, tenantId, canonicalPhone(phone), password);
    return 'configured';
  }
  if (phone || password) throw new Error('set both ADMIN_PHONE and ADMIN_PASSWORD, or neither');
  if (developmentLoginAllowed(settings)) {
    await ensureAccount(db, roles, tenantId, DEV_ADMIN_PHONE, DEV_ADMIN_PASSWORD);
    logger.warn(`development admin: phone ${DEV_ADMIN_PHONE}, password ${DEV_ADMIN_PASSWORD} (set ADMIN_PHONE and ADMIN_PASSWORD to choose your own)`);
    return 'development';
  }
  if (await hasAdmin(db, tenantId)) return 'existing';
  if (settings.NODE_ENV === 'production') {
    throw new Error(
      'no admin account exists: set ADMIN_PHONE and ADMIN_PASSWORD, or create one with `npm run admin -- create-admin` (the development login is never used in production)',
    );
  }
  const generated = randomBytes(12).toString('base64url');
  await ensureAccount(db, roles, tenantId, DEV_ADMIN_PHONE, generated);
  // Printed, not logged: it is shown this once, and a log line would keep it.
  process.stderr.write(
    `\nAdmin account created: phone ${DEV_ADMIN_PHONE}, password ${generated}\n` +
      'This password is shown only now. Sign in and change it (or run `npm run admin -- reset-password`).\n\n',
  );
  return 'generated';
}

function developmentLoginAllowed(settings: AdminSettings): boolean {
  if (settings.NODE_ENV === 'production') return false;
  if (settings.declaredNodeEnv === 'development') return true;
  return settings.HOST !== undefined && isLoopbackHost(settings.HOST) && !settings.TRUST_PROXY?.enabled;
}

async function refuseDevelopmentLogin(db: Kysely<ServicesDatabase>, tenantId: string): Promise<void> {
  const account = await findUserByPhone(db, tenantId, DEV_ADMIN_PHONE);
  if (account && (await verifyPassword(account.password_hash, DEV_ADMIN_PASSWORD))) {
    throw new Error(
      `the development admin login (${DEV_ADMIN_PHONE}, password ${DEV_ADMIN_PASSWORD}) still signs in: change its password with ` +
        '`npm run admin -- reset-password --phone ' +
        DEV_ADMIN_PHONE +
        '` before starting in production',
    );
  }
}

async function ensureAccount(db: Kysely<ServicesDatabase>, roles: UserRoles, tenantId: string, phone: string, password: string): Promise<void> {
  const existing = await findUserByPhone(db, tenantId, phone);
  const metadata = systemMetadata(tenantId, 'admin-bootstrap');
  if (existing) {
    if (existing.roles.includes(ADMIN_ROLE)) return;
    // Not a reason to refuse to serve customers: the role waits, and the operator is told why.
    const kept = (await unsettledSpellings(db, { tenantId, phone })).map((s) => s.userId);
    if (kept.length > 0) {
      logger.error(
        `ADMIN_PHONE: accounts ${kept.join(', ')} of this brand had this number under another spelling before phones had one form; ` +
          `account ${existing.id} is not made an admin until they are settled (docs/operations.md, "Phones in one form")`,
      );
      return;
    }
    await roles.change(existing.id, (user) => [...user.roles, ADMIN_ROLE], metadata);
    return;
  }
  const created = await roles.create(
    { tenantId, username: 'admin', phone, passwordHash: await hashPassword(password), roles: [ADMIN_ROLE] },
    'bootstrap',
    metadata,
  );
  // The account's id, not its phone: logs keep no one's number.
  logger.info('admin account created', { userId: created?.id ?? null });
}
