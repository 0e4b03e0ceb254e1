import { Hono } from 'hono';
import type { AuthEnv } from '../identity/auth.middleware';
import { NotFoundError } from '@desk/platform/errors/domain-error';
import type { ProjectionStatus } from '@desk/projections/runtime/projection-status';

/** What the admin API asks of the projection runtime (main/projections-control.ts provides it). */
export interface ProjectionsControl {
  status(): Promise<ProjectionStatus[]>;
  /** Queues a rebuild (a job); its progress shows in status(). Unknown names throw. */
  requestRebuild(name: string, requestedBy: string): Promise<void>;
  /** What the rebuild job runs. */
  rebuildNow(name: string): Promise<void>;
}

/** Read-model health and rebuilds for admins: mounted at /api/admin. */
export function adminProjectionRoutes(projections: ProjectionsControl) {
  return new Hono<AuthEnv>()
    .get('/projections', async (c) => c.json({ projections: await projections.status() }, 200))
    .post('/projections/:name/rebuild', async (c) => {
      const name = c.req.param('name');
      try {
        await projections.requestRebuild(name, c.get('user').id);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('Unknown projection')) throw new NotFoundError('Projection not found');
        throw error;
      }
      return c.json({ message: `Rebuild of ${name} queued; follow it in GET /api/admin/projections` }, 202);
    });
}
