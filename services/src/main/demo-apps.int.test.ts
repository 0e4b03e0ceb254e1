/**
 * The demo seed on a desk that already has an admin (an earlier `npm start`'s development login):
 * the start-up makes only a desk's first admin (bootstrap-admin.ts), so the seed makes its operator
 * admin itself, as `create-admin` would, and no start-up error is logged.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { infrastructureOf, openDemoApps } from '../../../tests/support/demo-apps';
import { logger } from '@desk/platform/logging/logger';
import { DEFAULT_TENANT_ID } from '@desk/machines/tenants/tenant-id';
import { DEV_ADMIN_PHONE, ensureAdmin } from '../identity/bootstrap-admin';
import { UserRoles } from '../identity/user-roles';
import { findUserByPhone } from '../identity/users.repository';
import { DEMO_OPERATOR } from '../ops/demo/demo-data';
import type { DemoApps } from '../ops/demo/demo-apps';

describe('the demo apps on a desk that has an admin already', () => {
  let database: TestDatabase;
  let apps: DemoApps & { close(): Promise<void> };
  const errors = vi.spyOn(logger, 'error');

  beforeAll(async () => {
    database = await createTestDatabase();
    const infra = infrastructureOf(database);
    await ensureAdmin(database.db, new UserRoles(database.db, infra.eventStore), DEFAULT_TENANT_ID, { NODE_ENV: 'development', HOST: '127.0.0.1' });
    errors.mockClear();
    apps = await openDemoApps(database);
  }, 60_000);
  afterAll(async () => {
    errors.mockRestore();
    await apps.close();
    await database.drop();
  });

  it('makes the demo operator as the seed (not the start-up), and the start-up says nothing is wrong', async () => {
    expect((await findUserByPhone(database.db, DEFAULT_TENANT_ID, DEV_ADMIN_PHONE))?.roles).toEqual(['admin']);
    const operator = await findUserByPhone(database.db, DEFAULT_TENANT_ID, DEMO_OPERATOR.phone);
    expect(operator?.roles).toEqual(['admin']);
    const [registered] = await infrastructureOf(database).eventStore.readStream(`user-${operator!.id}`);
    expect(registered).toMatchObject({ type: 'UserRegistered', data: { via: 'seed' }, metadata: { actor: { id: 'demo-seed' } } });
    expect(errors).not.toHaveBeenCalled();
  });
});
