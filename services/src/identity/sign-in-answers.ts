import { z } from 'zod';

/** A token for `Authorization: Bearer <token>`. */
export const tokenSchema = z.string().describe('Send as `Authorization: Bearer <token>`');

/** What every sign-in answers once it is done: the token and the user (`openSession`). */
export const signedInSchema = <U extends z.ZodType>(user: U) => z.object({ token: tokenSchema, user });

/** Staff after their password: the second step to take, with the challenge it takes (`afterPassword`). */
export const secondFactorAskedSchema = z.object({
  secondFactor: z.enum(['totp', 'enrol']).describe('totp: POST /auth/login/totp with a code; enrol: set up an authenticator (POST /auth/totp/enrolment)'),
  challenge: z.string().describe("The password step's proof, for the second step (short-lived)"),
});

/** What the password step answers (`PasswordStep`): signed in, or the second step to take. */
export const signInAnswerSchema = <U extends z.ZodType>(user: U) => z.union([signedInSchema(user), secondFactorAskedSchema]);
