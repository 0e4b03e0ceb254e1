import { setLogLevel } from '@desk/platform/logging/logger';
import { openInfrastructure } from '@desk/platform/infrastructure';
import { allMigrations } from './all-migrations';
import { backupProcessEnv as env } from './backup.env';
import { verifyStoreReport } from '../ops/audit/verify-store-report';
import type { WriteLine } from '../ops/progress';

/** The configured store (DATABASE_URL, EVENTSTORE_URL or the embedded one), walked whole. */
export async function verifyConfiguredStore(write: WriteLine): Promise<void> {
  setLogLevel(env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL);
  const infra = await openInfrastructure(env, 'usdt-desk-audit', allMigrations);
  try {
    await verifyStoreReport(infra.eventStore, write, { database: infra });
  } finally {
    await infra.close();
  }
}
