import type { Context } from 'hono';
import { fixedError } from '@desk/platform/errors/domain-error';
import type { SignInMethod } from '@desk/machines/identity/user.events';
import { commandMetadata } from '../http/request-context';
import type { ProxyTrust } from '../http/proxy-trust';
import type { RateLimiter } from '../kv/rate-limiter';
import type { ShortLivedStore } from '../kv/short-lived-store';
import { isStaff } from './admin-scope';
import type { SignInChallenges } from './sign-in-challenge';
import type { StaffAuthenticators } from './staff-authenticators';
import { selfActor, type UserSessions } from './user-sessions';
import type { UserRow } from './users.repository';
import type { SessionRow } from './sessions.repository';

/**
 * `required`: every staff member signs in with an authenticator, enrolling one at their next
 * sign-in (forced in production); `optional`: only those who enrolled one are asked for it, so the
 * development login stays one step (decision 0029).
 */
export type StaffTotpPolicy = 'required' | 'optional';

/** The policy in force: production always requires it, and refuses a setting that says otherwise. */
export function staffTotpPolicy(nodeEnv: 'development' | 'production' | 'test', setting: StaffTotpPolicy | undefined): StaffTotpPolicy {
  if (nodeEnv !== 'production') return setting ?? 'optional';
  if (setting === 'optional') throw new Error('STAFF_TOTP=optional is refused in production: staff sign in with an authenticator there (leave it unset)');
  return 'required';
}

/** What the sign-in routes share (composed in app-deps.ts). */
export interface SignInDeps {
  sessions: UserSessions;
  authenticators: StaffAuthenticators;
  challenges: SignInChallenges;
  staffTotp: StaffTotpPolicy;
  limits: RateLimiter;
  /** Where enrolments wait between their two steps (sealed). */
  store: ShortLivedStore;
  /** The brand's name, as the authenticator app shows it beside the code. */
  brandName: (tenantId: string) => Promise<string>;
}

export const PasswordResetRequiredError = fixedError(
  'password_reset_required',
  403,
  "An admin chose this account's password: set your own with a code sent to your phone",
);

export const StaffSmsRefusedError = fixedError(
  'staff_sms_sign_in',
  403,
  'Staff accounts sign in with their password and authenticator app, not with a code sent by SMS',
);

/** A challenge that is wrong, spent, expired, or voided by a password change since. */
export const ChallengeExpiredError = fixedError('challenge_expired', 401, 'This sign-in has expired. Please sign in again with your password.');

/** What the password step answers: a session, or for staff the second factor to ask for. */
export type PasswordStep<U> = { token: string; user: U } | { secondFactor: 'totp' | 'enrol'; challenge: string };

/**
 * After a right password: a customer (or staff, while authenticators are optional and none is
 * enrolled) is signed in; staff with an authenticator are asked for its code, and without one, when
 * it is required, to enrol one. Staff whose password an admin chose are refused until they reset it.
 */
export async function afterPassword<U>(
  c: Context,
  user: UserRow,
  deps: SignInDeps & { trustProxy: ProxyTrust; describeUser: (user: UserRow) => Promise<U> },
): Promise<PasswordStep<U>> {
  if (isStaff(user)) {
    if (user.password_set_by_other) throw new PasswordResetRequiredError();
    if (await deps.authenticators.enrolledAt(user.id)) return { secondFactor: 'totp', challenge: await deps.challenges.issue(user, 'totp') };
    if (deps.staffTotp === 'required') return { secondFactor: 'enrol', challenge: await deps.challenges.issue(user, 'enrol') };
  }
  return (await openSession(c, user, 'password', deps)).answer;
}

/** A new session for the user, answered as every sign-in is: the token and the user. */
export async function openSession<U>(
  c: Context,
  user: UserRow,
  method: SignInMethod,
  deps: Pick<SignInDeps, 'sessions'> & { trustProxy: ProxyTrust; describeUser: (user: UserRow) => Promise<U> },
): Promise<{ answer: { token: string; user: U }; session: SessionRow }> {
  const { token, session } = await deps.sessions.open(user, method, commandMetadata(c, selfActor(user), deps.trustProxy));
  return { answer: { token, user: await deps.describeUser(user) }, session };
}
