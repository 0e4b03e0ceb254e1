import type { MiddlewareHandler } from 'hono';
import { routes } from '../http/openapi-route';
import type { RateLimiter } from '../kv/rate-limiter';
import type { AuthEnv } from './auth.middleware';
import { authRoutes } from './auth.routes';
import { authenticatorRoutes } from './authenticator.routes';
import { otpRoutes, type OtpRouteDeps } from './otp.routes';
import { passwordResetRoutes } from './password-reset.routes';
import { secondFactorRoutes } from './second-factor.routes';
import { sessionRoutes } from './sessions.routes';
import { languageRoutes } from './language.routes';
import type { SignInDeps } from './staff-sign-in';

/** What the routes under /api/auth need: the code routes' (less the sessions, taken from `signIn`), and the sign-in's own. */
export interface AuthApiDeps<U> extends Omit<OtpRouteDeps<U>, 'sessions'> {
  signIn: SignInDeps;
  signedIn: MiddlewareHandler<AuthEnv>;
  signedInFresh: MiddlewareHandler<AuthEnv>;
  limits: RateLimiter;
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
