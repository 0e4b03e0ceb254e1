import { systemMetadata } from '../../platform/src/eventstore/event-metadata';
import { DEFAULT_TENANT_ID } from '../../machines/src/tenants/tenant-id';
import type { DeskChangeState } from '../../machines/src/desk-changes/desk-change.events';
import { hashPassword } from '../../services/src/identity/password';
import { canonicalPhone } from '../../services/src/identity/canonical-phone';
import { ADMIN_CLI } from '../../services/src/desk-changes/desk-change-json';
import type { TestApp } from './test-app';

export interface StaffAccount {
  phone: string;
  password: string;
  roles: string[];
  /** The brand the account belongs to (the operator's own when absent: staff of every brand). */
  tenantId?: string;
  username?: string;
}

/**
 * A staff account made the way the server's bootstrap and the admin CLI make one (UserRoles.create,
 * `via: 'cli'`), with no second admin: on the admin screens a staff account waits for one
 * (decision 0030). Answers the new account's id; sign in with `t.login` (a brand's staff on its host).
 */
export async function createStaff(t: TestApp, account: StaffAccount): Promise<string> {
  const tenantId = account.tenantId ?? DEFAULT_TENANT_ID;
  const user = {
    tenantId,
    username: account.username ?? null,
    phone: canonicalPhone(account.phone),
    passwordHash: await hashPassword(account.password),
    roles: account.roles,
  };
  const created = await t.deps.roles.create(user, 'cli', systemMetadata(tenantId, ADMIN_CLI));
  if (!created) throw new Error(`create staff failed: ${account.phone} is taken in ${tenantId}`);
  return created.id;
}

/** Confirms a change waiting for a second admin as the person at the server does (`npm run admin -- confirm-change`). */
export function confirmPending(t: TestApp, changeId: string): Promise<DeskChangeState> {
  return t.deps.deskChanges.confirm(changeId, systemMetadata(DEFAULT_TENANT_ID, ADMIN_CLI));
}

/**
 * Sends a change to the desk's rules as the signed-in admin `token` does; when it waits for a second
 * admin (202), confirms it from the server at once, so the test goes on with the change in force.
 * Answers the route's own answer (on 202: the change request), and whether a confirmation was needed.
 */
export async function changeConfirmed(
  t: TestApp,
  method: string,
  url: string,
  options: { token: string; body?: unknown; headers?: Record<string, string> },
): Promise<{ status: number; body: any; confirmed: boolean }> {
  const response = await t.call(method, url, options);
  const body = (await response.json()) as any;
  if (response.status !== 202) return { status: response.status, body, confirmed: false };
  await confirmPending(t, body.change._id as string);
  return { status: response.status, body, confirmed: true };
}
