import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import { PREPARED } from '@desk/platform/db/kysely';
import type { ServicesDatabase, UsersTable } from '../db/services-database';

export type UserRow = Selectable<UsersTable>;
type Db = Kysely<ServicesDatabase>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A users row holding the admin role (the role's name is admin-scope.ts's ADMIN_ROLE). */
export const holdsAdminRole = (eb: ExpressionBuilder<ServicesDatabase, 'users'>) => eb(eb.val('admin'), '=', eb.fn.any('roles'));

/**
 * Every signed-in request starts here, so the statement is prepared once per connection; its
 * columns are named, since a prepared `select *` fails once a migration adds a column under a
 * running process.
 */
export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const { rows } = await sql<UserRow>`
    ${PREPARED} select id, tenant_id, username, phone, password_hash, roles, created_at, updated_at, password_changed_at, password_set_by_other, created_by, language
    from users where id = ${id}`.execute(db);
  return rows[0];
}

export function findUserByPhone(db: Db, tenantId: string, phone: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('tenant_id', '=', tenantId).where('phone', '=', phone).executeTakeFirst();
}

/** The accounts one phone has, on every brand (sign-in counters are per phone, not per brand). */
export function findUsersByPhone(db: Db, phone: string): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('phone', '=', phone).orderBy('created_at').execute();
}

/** Users of one tenant, or of every tenant (null), newest first. */
export function listUsers(db: Db, tenantId: string | null): Promise<UserRow[]> {
  let query = db.selectFrom('users').selectAll();
  if (tenantId !== null) query = query.where('tenant_id', '=', tenantId);
  return query.orderBy('created_at', 'desc').execute();
}

/** Customers (users without the admin role) of one tenant or of every tenant (null). */
export function countCustomers(db: Db, tenantId: string | null): Promise<number> {
  let query = db.selectFrom('users').where((eb) => eb.not(holdsAdminRole(eb)));
  if (tenantId !== null) query = query.where('tenant_id', '=', tenantId);
  return query
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export interface NewUser {
  tenantId: string;
  username: string | null;
  phone: string;
  passwordHash: string;
  roles: string[];
  /** An admin chose the password (register-user.ts sets it for `via: 'admin'`). */
  passwordSetByOther?: boolean;
  /** The admin who made the account on the admin screens (null or absent: sign-up, the CLI, the bootstrap, the seed). */
  createdBy?: string | null;
}

/** PostgreSQL's unique violation on the one-phone-per-brand key: a write that gave an account a phone another account of its brand has. */
export const isPhoneTaken = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === '23505' &&
  (error as { constraint?: unknown }).constraint === 'users_tenant_phone_key';

/** Inserts the user, or returns null when the phone is taken in that tenant. */
export async function insertUser(db: Db, user: NewUser): Promise<UserRow | null> {
  const row = await db
    .insertInto('users')
    .values({
      id: randomUUID(),
      tenant_id: user.tenantId,
      username: user.username,
      phone: user.phone,
      password_hash: user.passwordHash,
      roles: user.roles,
      password_set_by_other: user.passwordSetByOther ?? false,
      created_by: user.createdBy ?? null,
      // This process's clock, as for the tokens it issues (the database's could be a little ahead,
      // and a sign-up's first token would then look older than the account's password).
      password_changed_at: new Date(),
    })
    .onConflict((oc) => oc.constraint('users_tenant_phone_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Replaces the password and returns the change time (tokens issued before it stop working).
 * `setByOther`: whether someone else chose it now (decision 0029); unsaid, it keeps its value.
 */
export async function changePassword(db: Db, id: string, passwordHash: string, setByOther?: boolean): Promise<Date> {
  const row = await db
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      password_changed_at: new Date(),
      updated_at: new Date(),
      ...(setByOther !== undefined ? { password_set_by_other: setByOther } : {}),
    })
    .where('id', '=', id)
    .returning('password_changed_at')
    .executeTakeFirstOrThrow();
  return row.password_changed_at;
}

/**
 * The admin who made this account on the admin screens (`users.created_by`), or null: made by its
 * holder (sign-up), at the server (CLI, bootstrap, seed), before migration 022, or no such account.
 * The four-eyes rule asks it: an admin who made a customer's account chose its password, and the
 * orders it places are not that admin's to settle alone (third review, F4).
 */
export async function accountMaker(db: Db, userId: string): Promise<string | null> {
  if (!UUID.test(userId)) return null; // the column is a uuid: any other text would be an error, not "nobody"
  const row = await db.selectFrom('users').select('created_by').where('id', '=', userId).executeTakeFirst();
  return row?.created_by ?? null;
}

/** Whether a tenant has at least one user with the admin role. */
export async function hasAdmin(db: Db, tenantId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where(holdsAdminRole).limit(1).executeTakeFirst();
  return row !== undefined;
}
