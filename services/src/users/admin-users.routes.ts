import type { Context } from 'hono';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import { answer, routes } from '../http/openapi-route';
import { routeGroup } from '../http/route-group';
import { withCommonRefusals } from '../http/common-refusals';
import { actorOf, type AdminEnv } from '../identity/auth.middleware';
import { commandMetadata } from '../http/request-context';
import { ForbiddenError, NotFoundError, ValidationError } from '@desk/platform/errors/domain-error';
import { PhoneTakenError } from '../identity/identity-errors';
import type { TenantStore } from '../tenants/tenant-store';
import type { TenantDirectory } from '../tenants/tenant-directory';
import { isTenantId } from '@desk/machines/tenants/tenant-id';
import { phoneSchema } from '../identity/phone-schema';
import { listUsers } from '../identity/users.repository';
import { hashPassword } from '../identity/password';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from '@desk/machines/identity/password-rules';
import { userJson, userJsonSchema, usersJson } from './user-json';
import { ADMIN_ROLE, GRANTABLE_ROLES, OPERATOR_TENANT_ID, tenantFilter } from '../identity/admin-scope';
import type { ProxyTrust } from '../http/proxy-trust';
import { waitingAnswer, type DeskChangeAnswers } from '../desk-changes/desk-changes.routes';
import { waitsForSecondAdmin } from '../desk-changes/desk-change-json';
import { OwnAdminRoleError } from '../desk-changes/desk-change-errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const tenantId = z
  .string()
  .trim()
  .min(1, 'Please select a brand')
  .refine(isTenantId, 'Brand not found')
  .describe("A brand's id: `default` (the operator's) or a lower-case UUID")
  .meta({ pattern: '^\\s*(default|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\s*$' });
const roles = z.array(z.enum(GRANTABLE_ROLES, { error: `Roles may only be: ${GRANTABLE_ROLES.join(', ')}` })).max(GRANTABLE_ROLES.length);

export const createUserSchema = z.object({
  username: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => (v ? v : null)),
  phone: phoneSchema,
  password: z.string({ error: 'Password is required' }).min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT).max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
  /** No roles: a regular user. Granting a role is for operator admins. */
  roles: roles.default([]),
  /** The brand the account belongs to; the admin's own brand when absent. */
  tenantId: tenantId.optional(),
});
export const listSchema = z.object({ tenantId: tenantId.optional() });
export const rolesSchema = z.object({ roles });

/** A user as an admin's list reads them: with their brand, by name. */
const listedUserSchema = userJsonSchema.extend({ brand: z.object({ _id: z.string(), name: z.string() }) });
const userAnswer = (description: string) => answer(description, z.object({ user: listedUserSchema, message: z.string() }));
const STAFF_ELSEWHERE = 'staff_elsewhere: the phone is staff on another account';
const users = routeGroup({ tag: 'admin: users', access: 'admin' });
/** Granting roles is for the operator's admins only. */
const operatorOnly = routeGroup({ tag: 'admin: users', access: 'operator' });

export const adminUserDeclarations = {
  list: users.get('/users', {
    summary: "Users with their saved accounts and brand (a brand admin: their brand's)",
    query: listSchema,
    answers: { 200: answer('The users', z.object({ users: z.array(listedUserSchema), total: z.number().int() })) },
  }),
  create: users.post('/users', {
    summary: 'Create an account (roles and other brands: operator admins); one with a staff role waits for a second admin',
    body: createUserSchema,
    answers: { 201: userAnswer('The new user'), 202: waitsForSecondAdmin },
    refuses: withCommonRefusals({ 409: `phone_taken: the phone has an account in that brand; ${STAFF_ELSEWHERE}` }, { post: true }),
  }),
  roles: operatorOnly.put('/users/{id}/roles', {
    summary: "Set a user's roles: granting or removing admin or compliance waits for a second admin",
    body: rolesSchema,
    answers: { 200: userAnswer('Roles set'), 202: waitsForSecondAdmin },
    refuses: withCommonRefusals(
      {
        404: 'not_found: no such user',
        409: `own_admin_role: you cannot remove your own admin role; ${STAFF_ELSEWHERE}; change_stale: the roles changed meanwhile`,
      },
      { body: true },
    ),
  }),
};

export interface AdminUserDeps {
  db: Kysely<ServicesDatabase>;
  /** Staff accounts and role changes wait for a second admin (decision 0030); customers are made at once. */
  desk: DeskChangeAnswers;
  tenants: TenantStore;
  directory: TenantDirectory;
  trustProxy: ProxyTrust;
}

/**
 * Users, mounted under /api/admin behind requireUser + requireAdmin. Operator admins see every
 * brand's users and create accounts, admins included, for any brand; a brand admin sees and
 * creates regular users of their own brand only. Changing roles is for operator admins (app.ts).
 * An account with a staff role, and any grant or removal of one, waits for a second admin (202).
 */
export function adminUserRoutes({ db, desk, tenants, directory, trustProxy }: AdminUserDeps) {
  const withBrands = async (json: ReturnType<typeof userJson>[]) => {
    const names = await directory.names();
    return json.map((u) => ({ ...u, brand: { _id: u.tenantId, name: names.get(u.tenantId) ?? u.tenantId } }));
  };
  /** The brand a new account goes to: checked against the admin's scope and against deleted brands. */
  const targetTenant = async (c: Context<AdminEnv>, requested: string | undefined, granting: boolean): Promise<string> => {
    const scope = c.get('scope');
    if (scope.kind === 'brand' && granting) throw new ForbiddenError();
    const target = tenantFilter(scope, requested) ?? OPERATOR_TENANT_ID;
    const { state } = await tenants.load(target);
    if (!state) throw ValidationError.of('tenantId', 'Brand not found');
    return target;
  };

  return routes<AdminEnv>()
    .openapi(adminUserDeclarations.list, async (c) => {
      const filter = tenantFilter(c.get('scope'), c.req.valid('query').tenantId);
      const users = await withBrands(await usersJson(db, await listUsers(db, filter)));
      return c.json({ users, total: users.length }, 200);
    })
    .openapi(adminUserDeclarations.create, async (c) => {
      const { username, phone, password, roles, tenantId: requested } = c.req.valid('json');
      const target = await targetTenant(c, requested, roles.length > 0);
      const actor = actorOf(c);
      // The maker is recorded (created_by): the account orders once its holder sets their own password.
      const outcome = await desk.changes.createAccount(
        { tenantId: target, username, phone, passwordHash: await hashPassword(password), roles, createdBy: actor.id },
        commandMetadata(c, actor, trustProxy),
      );
      if (outcome.pending) return waitingAnswer(c, await desk.json(outcome.pending));
      const created = outcome.applied;
      if (!created) throw new PhoneTakenError();
      const [user] = await withBrands([userJson(created)]);
      return c.json({ user: user!, message: 'User created successfully' }, 201);
    })
    .openapi(adminUserDeclarations.roles, async (c) => {
      const id = c.req.param('id');
      if (!UUID.test(id)) throw new NotFoundError('User not found');
      const me = c.get('user');
      const wanted = c.req.valid('json').roles;
      // Decided on the stored row, so no spelling of the id (capitals) gets past it.
      const outcome = await desk.changes.changeRoles(
        id,
        (current) => {
          if (current.id === me.id && !wanted.includes(ADMIN_ROLE)) throw new OwnAdminRoleError();
          return wanted;
        },
        commandMetadata(c, actorOf(c), trustProxy),
      );
      if (outcome.pending) return waitingAnswer(c, await desk.json(outcome.pending));
      const updated = outcome.applied;
      if (!updated) throw new NotFoundError('User not found');
      const [user] = await withBrands(await usersJson(db, [updated]));
      return c.json({ user: user!, message: 'Roles updated' }, 200);
    });
}
