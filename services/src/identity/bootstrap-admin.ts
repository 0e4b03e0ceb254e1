import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import { systemMetadata } from '@desk/platform/eventstore/event-metadata';
import { logger } from '@desk/platform/logging/logger';
import { staffElsewhereProblem } from '@desk/machines/identity/one-staff-account';
import { findUserByPhone, findUsersByPhone, hasAdmin, type UserRow } from './users.repository';
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

/** `declined`: the configured account is not an admin and was not made one (logged as an error, with what to do). */
export type AdminBootstrap = 'configured' | 'declined' | 'development' | 'existing' | 'generated';

/**
 * Makes sure the operator can sign in, the first time the server starts. It makes only the desk's
 * *first* admin (third review, F1): a new account with the role while the operator's brand has no
 * admin at all; it never gives the role to an account that exists (two admins may have removed it,
 * or it is a customer's), nor to a phone that is staff on another account (one person, one staff
 * account). Otherwise it logs an error saying what to do and changes nothing:
 * - ADMIN_PHONE/ADMIN_PASSWORD set: that account is created when the desk has none (an existing
 *   password is never overwritten); compose sets them on every start, and a start is no one's
 *   decision to give a role back;
 * - neither set, and NODE_ENV=development declared or a loopback HOST: the well-known development
 *   login, printed (made on a desk with no admin; a desk with admins but no development login gets none);
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
    if (await ensureAccount(db, roles, tenantId, canonicalPhone(phone), password, 'ADMIN_PHONE')) return 'configured';
    if (settings.NODE_ENV === 'production' && !(await hasAdmin(db, tenantId)))
      throw new Error(`${NO_ADMIN} (ADMIN_PHONE's account was not made one: see the error above)`);
    return 'declined';
  }
  if (phone || password) throw new Error('set both ADMIN_PHONE and ADMIN_PASSWORD, or neither');
  if (developmentLoginAllowed(settings)) {
    // A desk that already has its admins (the demo seed's, say) gets no development login: only a first admin is made.
    if (!(await findUserByPhone(db, tenantId, DEV_ADMIN_PHONE)) && (await hasAdmin(db, tenantId))) return 'existing';
    if (!(await ensureAccount(db, roles, tenantId, DEV_ADMIN_PHONE, DEV_ADMIN_PASSWORD, 'the development login'))) return 'declined';
    logger.warn(`development admin: phone ${DEV_ADMIN_PHONE}, password ${DEV_ADMIN_PASSWORD} (set ADMIN_PHONE and ADMIN_PASSWORD to choose your own)`);
    return 'development';
  }
  if (await hasAdmin(db, tenantId)) return 'existing';
  if (settings.NODE_ENV === 'production') throw new Error(`${NO_ADMIN} (the development login is never used in production)`);
  const generated = randomBytes(12).toString('base64url');
  if (!(await ensureAccount(db, roles, tenantId, DEV_ADMIN_PHONE, generated, 'the generated admin'))) return 'declined';
  // Printed, not logged: it is shown this once, and a log line would keep it.
  process.stderr.write(
    `\nAdmin account created: phone ${DEV_ADMIN_PHONE}, password ${generated}\n` +
      'This password is shown only now. Sign in and change it (or run `npm run admin -- reset-password`).\n\n',
  );
  return 'generated';
}

const NO_ADMIN = 'no admin account exists: set ADMIN_PHONE and ADMIN_PASSWORD, or create one with `npm run admin -- create-admin`';

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

/**
 * True when `phone`'s account on the brand is an admin: it already was, or it was just made as the
 * desk's first. False when the start-up may not make it (why is logged, once, as an error).
 */
async function ensureAccount(
  db: Kysely<ServicesDatabase>,
  roles: UserRoles,
  tenantId: string,
  phone: string,
  password: string,
  which: string,
): Promise<boolean> {
  const existing = await findUserByPhone(db, tenantId, phone);
  if (existing?.roles.includes(ADMIN_ROLE)) return true;
  const problem = await firstAdminProblem(db, tenantId, phone, existing, which);
  if (problem) {
    // The account's id, never its phone: logs keep no one's number.
    logger.error(`${which}: ${problem}`);
    return false;
  }
  const metadata = systemMetadata(tenantId, 'admin-bootstrap');
  const created = await roles.create(
    { tenantId, username: 'admin', phone, passwordHash: await hashPassword(password), roles: [ADMIN_ROLE] },
    'bootstrap',
    metadata,
  );
  if (created) {
    logger.info('admin account created', { userId: created.id });
    return true;
  }
  // Another process starting at the same moment made it first (the phone's unique key kept one account).
  return (await findUserByPhone(db, tenantId, phone))?.roles.includes(ADMIN_ROLE) ?? false;
}

const HOW_TO_ADD =
  'an admin is made by `npm run admin -- create-admin` at the server, or asked for on the admin screens (Users) and confirmed by a second admin';

/** Why the start-up may not make `phone` the desk's first admin, in words the operator acts on; null when it may. */
async function firstAdminProblem(
  db: Kysely<ServicesDatabase>,
  tenantId: string,
  phone: string,
  existing: UserRow | undefined,
  which: string,
): Promise<string | null> {
  if (existing) {
    return (
      `account ${existing.id} exists without the admin role (removed by admins, or a customer's account); the start-up makes only the first admin ` +
      `and gives no role to an existing account, so it is left as it is. If the role was removed on purpose, set ${which === 'ADMIN_PHONE' ? 'ADMIN_PHONE (and ADMIN_PASSWORD) to a current admin' : 'ADMIN_PHONE and ADMIN_PASSWORD'}; ` +
      `otherwise ${HOW_TO_ADD} (docs/operations.md, "First admin")`
    );
  }
  if (await hasAdmin(db, tenantId)) {
    return `the desk already has an admin, and the start-up makes only the first: no account was made. To add this one, ${HOW_TO_ADD} (docs/operations.md, "First admin")`;
  }
  // Another spelling of the number may be an account of this brand's (phones before one form).
  const kept = (await unsettledSpellings(db, { tenantId, phone })).map((s) => s.userId);
  if (kept.length > 0) {
    return `accounts ${kept.join(', ')} of this brand had this number under another spelling before phones had one form; no admin is made until they are settled (docs/operations.md, "Phones in one form")`;
  }
  const everywhere = (await findUsersByPhone(db, phone)).map((row) => ({ id: row.id, tenantId: row.tenant_id, roles: row.roles }));
  // Named by the setting, not the number: logs keep no one's number.
  const elsewhere = staffElsewhereProblem(which, everywhere, null);
  return elsewhere ? `${elsewhere}. No account was made` : null;
}
