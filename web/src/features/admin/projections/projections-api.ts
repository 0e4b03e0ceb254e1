import { api, unwrap } from '../../../lib/api';

const projections = api.admin.projections;

/** Read-model health and rebuilds (operator admins only), typed from the server's routes (Hono RPC). */
export const projectionsApi = {
  list: () => unwrap(projections.$get()).then((r) => r.projections),
  rebuild: (name: string) => unwrap(projections[':name'].rebuild.$post({ param: { name } })),
};

export type Projection = Awaited<ReturnType<typeof projectionsApi.list>>[number];
export type QuarantinedEvent = Projection['quarantine'][number];

export const projectionsKey = ['admin', 'projections'] as const;
