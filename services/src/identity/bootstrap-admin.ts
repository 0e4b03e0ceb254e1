import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import { systemMetadata } from '@desk/platform/eventstore/event-metadata';
import { logger } from '@desk/platform/logging/logger';
import { findUserByPhone } from './users.repository';
import { hashPassword } from './password';
import { ADMIN_ROLE } from './admin-scope';
import type { UserRoles } from './user-roles';

export const DEV_ADMIN_PHONE = '+919999999999';
export const DEV_ADMIN_PASSWORD = 'admin123';

export interface AdminSettings {
  ADMIN_PHONE?: string | undefined;
  ADMIN_PASSWORD?: string | undefined;
  NODE_ENV: 'development' | 'production' | 'test';
}

/**
 * Makes sure the operator can sign in: creates the admin from ADMIN_PHONE/ADMIN_PASSWORD if that
 * phone has no account, or gives the existing account the admin role. An existing password is
 * never overwritten. The development defaults are printed, and refused in production.
 */
export async function ensureAdmin(db: Kysely<ServicesDatabase>, roles: UserRoles, tenantId: string, settings: AdminSettings): Promise<void> {
  const usingDefaults = !settings.ADMIN_PHONE || !settings.ADMIN_PASSWORD;
  if (usingDefaults && settings.NODE_ENV === 'production') {
    throw new Error('ADMIN_PHONE and ADMIN_PASSWORD must be set in production (the development defaults are public)');
  }
  const phone = settings.ADMIN_PHONE ?? DEV_ADMIN_PHONE;
  const password = settings.ADMIN_PASSWORD ?? DEV_ADMIN_PASSWORD;
  const existing = await findUserByPhone(db, tenantId, phone);
  const metadata = systemMetadata(tenantId, 'admin-bootstrap');
  if (existing) {
    await roles.change(existing.id, (user) => [...user.roles, ADMIN_ROLE], metadata);
  } else {
    await roles.create({ tenantId, username: 'admin', phone, passwordHash: await hashPassword(password), roles: [ADMIN_ROLE] }, metadata);
    logger.info('admin account created', { phone });
  }
  if (usingDefaults) {
    logger.warn(`development admin: phone ${DEV_ADMIN_PHONE}, password ${DEV_ADMIN_PASSWORD} (set ADMIN_PHONE and ADMIN_PASSWORD to choose your own)`);
  }
}
