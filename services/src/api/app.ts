import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { handleError } from './error-handler';
import { healthRoutes, type HealthDeps } from './health.routes';
import { webClient } from './web-client';

export type AppDeps = HealthDeps;

export function createApp(deps: AppDeps) {
  const api = new Hono().route('/', healthRoutes(deps));
  const app = new Hono()
    .use(secureHeaders())
    .route('/api', api);
  app.notFound((c) => (c.req.path.startsWith('/api/') ? c.json({ error: 'not_found', message: 'Not found' }, 404) : webClient(c)));
  app.onError(handleError);
  return app;
}

export type AppType = ReturnType<typeof createApp>;
