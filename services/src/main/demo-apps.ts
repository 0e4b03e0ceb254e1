import type { Infrastructure } from '@desk/platform/infrastructure';
import { projections } from '@desk/projections/read-models/index';
import { ProjectionGroupRunner } from '@desk/projections/runtime/projection-group-runner';
import { projectionStatus } from '@desk/projections/runtime/projection-status';
import { createApp } from '../api/app';
import { buildAppDeps, type AppSettings } from './app-deps';
import { startExpirySweeper } from '../orders/expiry-sweeper';
import { UserRoles } from '../identity/user-roles';
import { CommandError } from '../ops/cli-errors';
import { createAdmin } from '../ops/admin/admin-accounts';
import { findUserByPhone, hasAdmin } from '../identity/users.repository';
import type { CallApi } from '../ops/demo/demo-api';
import { SHORT_WINDOW_MINUTES, type DemoApps } from '../ops/demo/demo-apps';
import type { DemoChain } from '../ops/demo/demo-chain';
import { DEMO_OPERATOR, DEMO_PASSWORDS } from '../ops/demo/demo-data';
import { SEED_ACTOR } from '../ops/demo/seed-people';
import { systemMetadata } from '@desk/platform/eventstore/event-metadata';
import { DEFAULT_TENANT_ID } from '@desk/machines/tenants/tenant-id';

const CATCH_UP_WAIT_MS = 60_000;

/**
 * The product's API three times on one database (ops/demo/demo-apps.ts says why), each built by
 * buildAppDeps as every process builds it. With no ADMIN_PHONE/ADMIN_PASSWORD configured, the
 * start-up admin is the demo's operator admin, so a fresh database gets no other login to print.
 * With a demo chain, a fourth copy reads TRC20 on it (the others read no chain, as `npm start` does).
 */
export async function buildDemoApps(
  infra: Infrastructure,
  env: AppSettings & { PROJECTION_BATCH_SIZE: number },
  chain: DemoChain | null = null,
): Promise<DemoApps> {
  const configuredAdmin = env.ADMIN_PHONE && env.ADMIN_PASSWORD;
  // The start-up makes only a desk's first admin (bootstrap-admin.ts): a desk that has one already
  // (the development login of an earlier `npm start`) gets the demo operator from the seed itself, as
  // `create-admin` makes one, so the start-up finds it and says nothing.
  if (!configuredAdmin && (await hasAdmin(infra.db, DEFAULT_TENANT_ID)) && !(await findUserByPhone(infra.db, DEFAULT_TENANT_ID, DEMO_OPERATOR.phone))) {
    const accounts = { db: infra.db, roles: new UserRoles(infra.db, infra.eventStore), actor: SEED_ACTOR, via: 'seed' as const };
    await createAdmin(accounts, { phone: DEMO_OPERATOR.phone, tenantId: DEFAULT_TENANT_ID, password: DEMO_PASSWORDS.operator });
  }
  const base: AppSettings = {
    ...env,
    ...(configuredAdmin ? {} : { ADMIN_PHONE: DEMO_OPERATOR.phone, ADMIN_PASSWORD: DEMO_PASSWORDS.operator }),
    // The seed catches the read models up itself before it reads them.
    READ_MODEL_WAIT_MS: 0,
  };
  const standard = await buildAppDeps(infra, base);
  const expiring = await buildAppDeps(infra, { ...base, PAYMENT_WINDOW_MINUTES: SHORT_WINDOW_MINUTES });
  const lateProof = await buildAppDeps(infra, { ...base, RATE_LOCK_MINUTES: SHORT_WINDOW_MINUTES });
  const onChain = chain ? await buildAppDeps(infra, { ...base, chain: chain.networks }) : null;
  const built = [standard, expiring, lateProof, ...(onChain ? [onChain] : [])];
  const sweeper = startExpirySweeper(standard.deps.orders.db, standard.deps.orders.commands, 24 * 3_600_000);

  const caller = (deps: (typeof built)[number]['deps']): CallApi => {
    const app = createApp(deps);
    return async (method, path, { token, body, form, host, key }) =>
      app.request(path, {
        method,
        headers: {
          host,
          'user-agent': 'usdt-desk demo seed',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
      });
  };

  return {
    api: caller(standard.deps),
    expiringApi: caller(expiring.deps),
    lateProofApi: caller(lateProof.deps),
    accounts: { db: infra.db, roles: new UserRoles(infra.db, infra.eventStore) },
    confirmChange: async (changeId) => void (await standard.deps.deskChanges.confirm(changeId, systemMetadata(DEFAULT_TENANT_ID, SEED_ACTOR))),
    async project() {
      // Every read model at once, as the projector runs them.
      const group = new ProjectionGroupRunner({
        db: infra.db,
        store: infra.eventStore,
        projections,
        batchSize: env.PROJECTION_BATCH_SIZE,
        pollMs: 1_000,
        standbyRetryMs: 100,
      });
      // A running product's projector holds the projections: it catches up by itself, so wait for it.
      if (!(await group.runUntilCaughtUp())) for (const projection of projections) await caughtUp(infra, projection);
      for (const { deps } of built) deps.directory.invalidate();
    },
    sweepOverdue: () => sweeper.sweepNow(),
    matchStatements: () => standard.deps.reconciliation.matcher.match({}),
    chain:
      chain && onChain
        ? { node: chain, api: caller(onChain.deps), recordChainCheck: async (orderId) => void (await onChain.deps.orders.commands.recordChainCheck(orderId)) }
        : null,
    async close() {
      await sweeper.stop();
      for (const { deps } of built) {
        await deps.users.close();
        await deps.sessions.close();
        await deps.queue.close();
        await deps.store.close();
      }
    },
  };
}

async function caughtUp(infra: Infrastructure, projection: (typeof projections)[number]): Promise<void> {
  const deadline = Date.now() + CATCH_UP_WAIT_MS;
  while ((await projectionStatus(infra.db, infra.eventStore, projection)).eventsBehind > 0) {
    if (Date.now() > deadline) throw new CommandError(`the running projector has not caught up ${projection.name} within a minute`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
