import { mkdtemp, rm } from 'node:fs/promises';
import { RAISED_RATE_LIMITS } from './raised-rate-limits';
import os from 'node:os';
import path from 'node:path';
import { PgEventStore } from '../../platform/src/eventstore/postgres/pg-event-store';
import type { Infrastructure } from '../../platform/src/infrastructure';
import { buildDemoApps } from '../../services/src/main/demo-apps';
import { ProxyTrust } from '../../services/src/http/proxy-trust';
import type { DemoApps } from '../../services/src/ops/demo/demo-apps';
import type { DemoChain } from '../../services/src/ops/demo/demo-chain';
import type { TestDatabase } from './test-database';

export const DEMO_TEST_SECRET = 'demo-test-secret-demo-test-secret-42';

/** The infrastructure a process would open, over a test database. */
export function infrastructureOf(database: TestDatabase): Infrastructure {
  return {
    connectionString: database.url,
    pool: database.pool,
    db: database.db,
    eventStore: new PgEventStore({ pool: database.pool, connectionString: database.url }),
    close: async () => undefined,
  };
}

/**
 * The seed's apps (services/src/main/demo-apps.ts) on a test database, as `npm run seed -- demo`
 * builds them, with files kept in PostgreSQL (so backups hold them) and a fixed token secret; with
 * `chain`, the copy that reads TRC20 on it too.
 */
export async function openDemoApps(database: TestDatabase, chain: DemoChain | null = null): Promise<DemoApps & { infra: Infrastructure }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'usdt-desk-demo-'));
  const infra = infrastructureOf(database);
  const apps = await buildDemoApps(
    infra,
    {
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      FILE_STORAGE: 'postgres',
      JWT_SECRET: DEMO_TEST_SECRET,
      NODE_ENV: 'test',
      TRUST_PROXY: ProxyTrust.none(),
      PAYMENT_WINDOW_MINUTES: 60,
      RATE_LOCK_MINUTES: 5,
      SMS_OUTBOX: path.join(dataDir, 'sms-outbox.jsonl'),
      PROJECTION_BATCH_SIZE: 500,
      // Browser tests click faster than people, all from one address (decision 0045).
      ...RAISED_RATE_LIMITS,
    },
    chain,
  );
  return {
    ...apps,
    infra,
    async close() {
      await apps.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
