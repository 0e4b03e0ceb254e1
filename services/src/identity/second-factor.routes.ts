import type { Context } from 'hono';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import { RECOVERY_CODE_USED } from '@desk/machines/identity/user.events';
import type { ServicesDatabase } from '../db/services-database';
import { commandMetadata } from '../http/request-context';
import type { ProxyTrust } from '../http/proxy-trust';
import { answer, routes } from '../http/openapi-route';
import { routeGroup } from '../http/route-group';
import { alsoRefuses, underAuth } from './declared-route-extras';
import { signedInSchema } from './sign-in-answers';
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

/** What setting up an authenticator shows: the key, its otpauth:// link and a QR code of the link (`startEnrolment`). */
export const enrolmentJsonSchema = z.object({
  secret: z.string().describe('The key, for typing into the app by hand'),
  otpauthUrl: z.string().describe('otpauth://totp/... for the app'),
  qrDataUrl: z.string().describe('A data: URL of a PNG QR code of otpauthUrl'),
});
export const recoveryCodesSchema = z.array(z.string()).describe('Ten recovery codes, shown once: each signs in once in place of a code');

const CHALLENGE_401 = 'challenge_expired: the challenge is wrong, spent or expired: sign in again with the password';
const CODE_400 = 'Invalid input (`validation_error`, with `details`), or `invalid_code`: the code is not right';
const CODES_429 = 'too_many_requests: 5 wrong codes on this account in 15 minutes (Retry-After says how long)';

const signIn = routeGroup({ tag: 'sign-in', access: 'public' });

/** The staff's second step, declared with the user's schema (the composition root's). */
export function secondFactorDeclarations<U>(user: z.ZodType<U>) {
  return underAuth({
    login: alsoRefuses(
      signIn.post('/login/totp', {
        summary: "Staff's second step: the password step's challenge with the authenticator's code or a recovery code",
        body: totpLoginSchema,
        answers: {
          200: answer(
            'Signed in; with a recovery code, how many are left',
            signedInSchema(user).extend({ recoveryCodesLeft: z.number().int().optional().describe('Signed in with a recovery code: how many are left') }),
          ),
        },
        refuses: { 429: CODES_429 },
      }),
      { 400: CODE_400, 401: CHALLENGE_401 },
    ),
    enrol: alsoRefuses(
      signIn.post('/totp/enrolment', {
        summary: 'Start setting up an authenticator with the challenge: the key, its otpauth:// link and a QR code',
        body: enrolmentSchema,
        answers: { 200: answer('Add this to the authenticator app, then confirm with a code from it', enrolmentJsonSchema) },
      }),
      { 401: CHALLENGE_401 },
    ),
    confirm: alsoRefuses(
      signIn.post('/totp/enrolment/confirm', {
        summary: 'Confirm the authenticator with a code: signed in, with ten recovery codes shown once',
        body: enrolmentConfirmSchema,
        answers: { 200: answer('Signed in, with the recovery codes', signedInSchema(user).extend({ recoveryCodes: recoveryCodesSchema })) },
        refuses: {
          409: 'no_enrolment (start again: the key was not kept), or already_enrolled (one was set up meanwhile)',
          429: CODES_429,
        },
      }),
      { 400: CODE_400, 401: CHALLENGE_401 },
    ),
  });
}

export interface SecondFactorDeps<U> {
  db: Kysely<ServicesDatabase>;
  signIn: SignInDeps;
  trail: Trail;
  trustProxy: ProxyTrust;
  tenantOf: (c: Context) => string;
  describeUser: DescribeUser<U>;
  /** The schema of what `describeUser` answers, for the routes' declarations. */
  userSchema: z.ZodType<U>;
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

  const declared = secondFactorDeclarations(deps.userSchema);
  // U is described by the composition root's `userSchema`: the generic is not checked against it here (`as never`).
  return routes()
    .openapi(declared.login, async (c) => {
      const body = c.req.valid('json');
      const { claims, user } = await challenged(c, body.challenge, 'totp');
      if (body.code !== undefined) {
        await checkedCode(c, user, { ...deps, limits: signIn.limits }, () => signIn.authenticators.verify(user.id, body.code!));
        await spend(claims);
        return c.json((await openSession(c, user, 'password_totp', { ...deps, sessions: signIn.sessions })).answer as never, 200);
      }
      return c.json((await signInWithRecoveryCode(c, user, body.recoveryCode!, claims, deps, spend)) as never, 200);
    })
    .openapi(declared.enrol, async (c) => {
      const { user } = await challenged(c, c.req.valid('json').challenge, 'enrol');
      return c.json(await startEnrolment(user, signIn), 200);
    })
    .openapi(declared.confirm, async (c) => {
      const body = c.req.valid('json');
      const { claims, user } = await challenged(c, body.challenge, 'enrol');
      const recoveryCodes = await confirmEnrolment(c, user, body.code, { ...deps, ...signIn }, true);
      await spend(claims);
      const { answer } = await openSession(c, user, 'password_totp', { ...deps, sessions: signIn.sessions });
      return c.json({ ...answer, recoveryCodes } as never, 200);
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
