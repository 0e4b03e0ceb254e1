import { databaseEnv, eventStoreEnv, parseEnv } from '../../platform/src/config/env-schema';
import { openInfrastructure, type Infrastructure } from '../../platform/src/infrastructure';
import { projections } from '../../projections/src/read-models/index';
import { projectionStatus } from '../../projections/src/runtime/projection-status';
import { rebuildProjection } from '../../projections/src/runtime/rebuild';
import { allMigrations } from '../../services/src/main/all-migrations';
import { verifyStoreReport } from '../../services/src/ops/audit/verify-store-report';
import { waitFor } from '../support/wait-for';

/**
 * What `npm run projections -- status|rebuild` and `npm run audit -- verify-store` run, called in
 * this process on the topology's database (starting the CLIs once per poll would cost seconds each
 * on two busy cores).
 */
export async function operatorTools(databaseUrl: string) {
  const env = parseEnv({ ...databaseEnv, ...eventStoreEnv }, { DATABASE_URL: databaseUrl, EVENTSTORE: 'postgres', DATABASE_POOL_SIZE: '4' });
  const infra: Infrastructure = await openInfrastructure(env, 'usdt-desk-chaos-checks', allMigrations);
  const statuses = () => Promise.all(projections.map((p) => projectionStatus(infra.db, infra.eventStore, p)));
  return {
    /** Until every projection has applied every event (`projections status`: nothing behind, no rebuild running). */
    async untilProjected(timeoutMs = 180_000): Promise<void> {
      let last: unknown = null;
      await waitFor(
        'every projection caught up',
        async () => {
          last = await statuses().catch((error: unknown) => String(error));
          return Array.isArray(last) && last.every((s) => s.eventsBehind === 0 && s.rebuilding === null);
        },
        timeoutMs,
      ).catch((error: Error) => {
        throw new Error(`${error.message}; the last status: ${JSON.stringify(last).slice(0, 4000)}`);
      });
    },
    /** `projections rebuild --restart`: every projection emptied and replayed (by the projector holding it). */
    async rebuildAll(): Promise<void> {
      for (const projection of projections) {
        await rebuildProjection({ db: infra.db, store: infra.eventStore, projection, batchSize: 500, restart: true, write: () => undefined, watchMs: 100 });
      }
    },
    /** `audit verify-store`: every stream's hash chain walked; the verdict line, or the break. */
    async verifyAudit(): Promise<{ verified: boolean; output: string }> {
      const lines: string[] = [];
      try {
        // As the audit command does: on PostgreSQL its threads read their own pages (decision 0053).
        await verifyStoreReport(infra.eventStore, (line) => lines.push(line), { database: infra });
        return { verified: true, output: lines.at(-1) ?? '' };
      } catch (error) {
        return { verified: false, output: String(error) };
      }
    },
    close: () => infra.close(),
  };
}
