import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { routes } from '../http/openapi-route';
import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import type { ProxyTrust } from '../http/proxy-trust';
import type { RateLimiter } from '../kv/rate-limiter';
import type { ShortLivedStore } from '../kv/short-lived-store';
import type { AuthEnv } from './auth.middleware';
import { authRoutes, type DescribeUser } from './auth.routes';
import { authenticatorRoutes } from './authenticator.routes';
import type { OtpService } from './otp.service';
import { otpRoutes } from './otp.routes';
import { passwordResetRoutes } from './password-reset.routes';
import { secondFactorRoutes } from './second-factor.routes';
import { sessionRoutes } from './sessions.routes';
import { languageRoutes } from './language.routes';
import type { SignInDeps } from './staff-sign-in';
import type { Trail } from './user-trail';

export interface AuthApiDeps<U> {
  db: Kysely<ServicesDatabase>;
  signIn: SignInDeps;
  signedIn: MiddlewareHandler<AuthEnv>;
  signedInFresh: MiddlewareHandler<AuthEnv>;
  limits: RateLimiter;
  store: ShortLivedStore;
  otp: OtpService;
  tenantOf: (c: Context) => string;
  trustProxy: ProxyTrust;
  describeUser: DescribeUser<U>;
  /** The schema of what `describeUser` answers, for the routes' declarations (the document). */
  userSchema: z.ZodType<U>;
  trail: Trail;
  forgetUser: (id: string) => void;
}

/** Everything under /api/auth: sign-in (password, code, second factor), sign-up, sessions, authenticators, password reset. */
export function authApi<U extends object>(deps: AuthApiDeps<U>) {
  const sessions = deps.signIn.sessions;
  return routes()
    .route('/', authRoutes(deps))
    .route('/', otpRoutes({ ...deps, sessions }))
    .route('/', secondFactorRoutes(deps))
    .route('/', sessionRoutes({ ...deps, sessions }))
    .route('/', authenticatorRoutes(deps))
    .route('/', passwordResetRoutes({ ...deps, sessions }))
    .route('/', languageRoutes(deps));
}
