import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import { RECOVERY_CODE_USED } from '@desk/machines/identity/user.events';
import type { ServicesDatabase } from '../db/services-database';
import { commandMetadata } from '../http/request-context';
import type { ProxyTrust } from '../http/proxy-trust';
import { validate } from '../http/validate';
import { checkedCode, confirmEnrolment, startEnrolment } from './second-factor';
import type { SecondFactor } from './sign-in-challenge';
import { ChallengeExpiredError, openSession, type SignInDeps } from './staff-sign-in';
import { selfActor } from './user-sessions';
import type { Trail } from './user-trail';
import { findUserById, type UserRow } from './users.repository';
import type { DescribeUser } from './auth.routes';

const challenge = z.string({ error: 'Sign in again with your password' }).min(1, 'Sign in again with your password').max(2_000);
const code = z.string({ error: 'Enter the code' }).trim().min(1, 'Enter the code').max(40);

export const totpLoginSchema = z
  .object({ challenge, code: code.optional(), recoveryCode: code.optional() })
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), {
    path: ['code'],
    message: 'Enter the code from your authenticator app, or a recovery code',
  });
export const enrolmentSchema = z.object({ challenge });
export const enrolmentConfirmSchema = z.object({ challenge, code });

export interface SecondFactorDeps<U> {
  db: Kysely<ServicesDatabase>;
  signIn: SignInDeps;
  trail: Trail;
  trustProxy: ProxyTrust;
  tenantOf: (c: Context) => string;
  describeUser: DescribeUser<U>;
}

/**
 * The staff's second step after their password (decision 0029), mounted at /api/auth: the
 * authenticator's code or a recovery code, or enrolling an authenticator when none is and one is
 * required. Each takes the password step's challenge; the step that signs in spends it.
 */
export function secondFactorRoutes<U extends object>(deps: SecondFactorDeps<U>) {
  const { db, signIn, tenantOf } = deps;
  const challenged = async (c: Context, given: string, next: SecondFactor) => {
    const read = await signIn.challenges.read(given, next, tenantOf(c), (id) => findUserById(db, id));
    if (!read) throw new ChallengeExpiredError();
    return read;
  };
  const spend = async (claims: Parameters<SignInDeps['challenges']['spend']>[0]) => {
    if (!(await signIn.challenges.spend(claims))) throw new ChallengeExpiredError();
  };

  return new Hono()
    .post('/login/totp', validate('json', totpLoginSchema), async (c) => {
      const body = c.req.valid('json');
      const { claims, user } = await challenged(c, body.challenge, 'totp');
      if (body.code !== undefined) {
        await checkedCode(c, user, { ...deps, limits: signIn.limits }, () => signIn.authenticators.verify(user.id, body.code!));
        await spend(claims);
        return c.json((await openSession(c, user, 'password_totp', { ...deps, sessions: signIn.sessions })).answer, 200);
      }
      return c.json(await signInWithRecoveryCode(c, user, body.recoveryCode!, claims, deps, spend), 200);
    })
    .post('/totp/enrolment', validate('json', enrolmentSchema), async (c) => {
      const { user } = await challenged(c, c.req.valid('json').challenge, 'enrol');
      return c.json(await startEnrolment(user, signIn), 200);
    })
    .post('/totp/enrolment/confirm', validate('json', enrolmentConfirmSchema), async (c) => {
      const body = c.req.valid('json');
      const { claims, user } = await challenged(c, body.challenge, 'enrol');
      const recoveryCodes = await confirmEnrolment(c, user, body.code, { ...deps, ...signIn }, true);
      await spend(claims);
      return c.json({ ...(await openSession(c, user, 'password_totp', { ...deps, sessions: signIn.sessions })).answer, recoveryCodes }, 200);
    });
}

/** A recovery code in place of the authenticator's: spent with the session it opens, recorded with how many are left. */
async function signInWithRecoveryCode<U>(
  c: Context,
  user: UserRow,
  recoveryCode: string,
  claims: Parameters<SignInDeps['challenges']['spend']>[0],
  deps: SecondFactorDeps<U>,
  spend: (claims: Parameters<SignInDeps['challenges']['spend']>[0]) => Promise<void>,
) {
  const { db, signIn } = deps;
  await checkedCode(c, user, { ...deps, limits: signIn.limits }, () => signIn.authenticators.spendRecoveryCode(db, user.id, recoveryCode));
  await spend(claims);
  const { answer, session } = await openSession(c, user, 'recovery_code', { ...deps, sessions: signIn.sessions });
  const remaining = await signIn.authenticators.recoveryCodesLeft(user.id);
  const metadata = commandMetadata(c, selfActor(user), deps.trustProxy);
  const data = { userId: user.id, tenantId: user.tenant_id, sessionId: session.id, remaining, usedAt: metadata.acceptedAt };
  await deps.trail.record(user, [{ type: RECOVERY_CODE_USED, data }], metadata);
  return { ...answer, recoveryCodesLeft: remaining };
}
