import { Hono } from 'hono';
import { UserTrail } from '../../services/src/identity/user-trail';
import { authRoutes } from '../../services/src/identity/auth.routes';
import { otpRoutes } from '../../services/src/identity/otp.routes';
import { savedAccountRoutes } from '../../services/src/accounts/saved-accounts.routes';
import { requireUser, type AuthEnv } from '../../services/src/identity/auth.middleware';
import { resolveTenant, tenantOf } from '../../services/src/http/tenant';
import { handleError } from '../../services/src/api/error-handler';
import { oneUserJson, userJsonSchema as userSchema } from '../../services/src/users/user-json';
import type { UserRow } from '../../services/src/identity/users.repository';
import { callerOf, type TestApp } from './test-app';

/**
 * The sign-in, sign-up and saved-account routes mounted as app.ts mounts them, with a trail of the
 * test's choosing: one whose append fails shows that a change that cannot be recorded is not made.
 */
export function trailApp(t: TestApp, trail: UserTrail = new UserTrail(t.deps.eventStore)) {
  const { db, tokens, limits, otp, store, directory, config, users, sessions, signIn } = t.deps;
  const trustProxy = config.trustProxy;
  const describeUser = (user: UserRow) => oneUserJson(db, user);
  const forgetUser = (id: string) => users.forget(id);
  const tenantDeleted = (tenantId: string) => directory.isDeleted(tenantId);
  const signedIn = requireUser({ user: (id) => users.get(id), session: (id) => sessions.get(id) }, tokens, tenantDeleted);
  const signedInFresh = requireUser({ user: (id) => users.fresh(id), session: (id) => sessions.fresh(id) }, tokens, tenantDeleted);
  const user = new Hono<AuthEnv>().use(signedIn).route('/', savedAccountRoutes(db, { trail, trustProxy }));
  const app = new Hono()
    .use(
      '/api/*',
      resolveTenant((host) => directory.resolve(host), trustProxy),
    )
    .route('/api/auth', authRoutes({ db, signIn, signedIn, signedInFresh, limits, store, tenantOf, trustProxy, describeUser, userSchema, trail, forgetUser }))
    .route('/api/auth', otpRoutes({ db, sessions: signIn.sessions, otp, store, tenantOf, trustProxy, describeUser, userSchema, trail }))
    .route('/api/user', user);
  app.onError(handleError);
  const call = callerOf(app);
  return async (method: string, url: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const response = await call(method, url, options);
    return { status: response.status, body: (await response.json()) as any };
  };
}
