import type { Kysely } from 'kysely';
import type { ServicesDatabase } from '../db/services-database';
import type { RateLimiter } from '../kv/rate-limiter';
import type { ShortLivedStore } from '../kv/short-lived-store';
import type { ListenForChanges } from './rows-until-changed';
import { findSessionById, touchSession } from './sessions.repository';
import { SignedInSessions } from './signed-in-sessions';
import { SignInChallenges } from './sign-in-challenge';
import { StaffAuthenticators } from './staff-authenticators';
import type { SignInDeps, StaffTotpPolicy } from './staff-sign-in';
import type { TokenService } from './tokens';
import { UserSessions } from './user-sessions';
import type { Trail } from './user-trail';

export interface SignInSetup {
  db: Kysely<ServicesDatabase>;
  tokenSecret: string;
  tokens: TokenService;
  store: ShortLivedStore;
  limits: RateLimiter;
  trail: Trail;
  staffTotp: StaffTotpPolicy;
  brandName: (tenantId: string) => Promise<string>;
  /** LISTEN on the sessions' channel (signed-in-sessions.ts's SESSIONS_CHANGED_CHANNEL). */
  listen: ListenForChanges;
}

/** Sessions, authenticators and challenges, built once per API process (decision 0029). */
export function setUpSignIn(setup: SignInSetup): { sessions: SignedInSessions; signIn: SignInDeps } {
  const sessions = new SignedInSessions(
    (id) => findSessionById(setup.db, id),
    setup.listen,
    (id, at) => touchSession(setup.db, id, at),
  );
  const forget = (ids: readonly string[]) => ids.forEach((id) => sessions.forget(id));
  return {
    sessions,
    signIn: {
      sessions: new UserSessions(setup.db, setup.tokens, setup.trail, forget),
      authenticators: new StaffAuthenticators(setup.db, setup.tokenSecret),
      challenges: new SignInChallenges(setup.tokenSecret, setup.store),
      staffTotp: setup.staffTotp,
      limits: setup.limits,
      store: setup.store,
      brandName: setup.brandName,
    },
  };
}
