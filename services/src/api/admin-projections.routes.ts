import { z } from 'zod';
import type { AuthEnv } from '../identity/auth.middleware';
import { NotFoundError } from '@desk/platform/errors/domain-error';
import type { ProjectionStatus } from '@desk/projections/runtime/projection-status';
import { answer, routes } from '../http/openapi-route';
import { routeGroup } from '../http/route-group';
import { withCommonRefusals } from '../http/common-refusals';

/** What the admin API asks of the projection runtime (main/projections-control.ts provides it). */
export interface ProjectionsControl {
  status(): Promise<ProjectionStatus[]>;
  /** Queues a rebuild (a job); its progress shows in status(). Unknown names throw. */
  requestRebuild(name: string, requestedBy: string): Promise<void>;
  /** What the rebuild job runs. */
  rebuildNow(name: string): Promise<void>;
}

const time = z.iso.datetime();

/** A projection's health as the runtime reports it (projection-status.ts's ProjectionStatus). */
export const projectionStatusSchema = z.object({
  name: z.string(),
  checkpoint: z.string().nullable().describe('Opaque event store position of the last applied event; null: nothing applied yet'),
  eventsApplied: z.number().int(),
  eventsBehind: z.number().int().describe('Events in the log after the checkpoint, counted up to 100,000'),
  moreBehind: z.boolean().describe('The count stopped at 100,000: more than eventsBehind events are behind'),
  lagMs: z.number().describe('How long the first unapplied event has waited (0 when caught up)'),
  lastEventAt: time.nullable(),
  activePid: z.number().int().nullable().describe("PostgreSQL backend pid of the instance holding the projection's lock; null when none runs it"),
  activeInstance: z.string().nullable().describe('Which process that is: its kind, host and OS pid'),
  rebuilding: z.object({ startedAt: time, total: z.number().int() }).nullable(),
  lastError: z.string().nullable(),
  quarantined: z.number().int().describe('Events stepped past because applying them kept failing (since the last rebuild)'),
  quarantine: z
    .array(
      z.object({
        position: z.string(),
        eventId: z.string(),
        streamId: z.string(),
        streamPosition: z.number().int(),
        type: z.string(),
        error: z.string(),
        attempts: z.number().int(),
        firstFailedAt: time,
        quarantinedAt: time,
      }),
    )
    .describe('The most recent of them, newest first'),
});

const readModels = routeGroup({ tag: 'admin: read models', access: 'operator' });

export const adminProjectionDeclarations = {
  status: readModels.get('/projections', {
    summary: 'Each projection: checkpoint, lag, errors, quarantine',
    answers: { 200: answer('Every projection', z.object({ projections: z.array(projectionStatusSchema) })) },
  }),
  rebuild: readModels.post('/projections/{name}/rebuild', {
    summary: 'Queue a rebuild of a read model',
    answers: { 202: answer('Queued; follow it in GET /admin/projections', z.object({ message: z.string() })) },
    refuses: withCommonRefusals({ 404: 'not_found: no projection of that name' }, { post: true }),
  }),
};

/** Read-model health and rebuilds for admins: mounted at /api/admin. */
export function adminProjectionRoutes(projections: ProjectionsControl) {
  return routes<AuthEnv>()
    .openapi(adminProjectionDeclarations.status, async (c) => c.json({ projections: await projections.status() }, 200))
    .openapi(adminProjectionDeclarations.rebuild, async (c) => {
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
