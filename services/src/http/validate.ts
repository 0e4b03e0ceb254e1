import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { z } from 'zod';
import { ValidationError } from '@desk/platform/errors/domain-error';
import { isJsonContentType } from './json-content-type';

/**
 * The text of a length limit. zod 4 gives a check without its own message the schema's `error`, so a
 * `.max()` left bare under `z.string({ error: 'X is required' })` reported a too-long value as missing.
 */
export const atMost = (what: string, max: number): string => `${what} must be at most ${max} characters`;

const problemsOf = (error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): ValidationError =>
  new ValidationError(error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })));

/**
 * zod validation at the route, answering 400 `{ error: 'validation_error', details }` with one
 * entry per problem. Malformed JSON gets the same shape (hono's validator throws it before the
 * hook; handleError answers it). A JSON body that is empty reads as `{}`, as a body without a
 * content type does: a call with nothing to say (a reject without a reason) is not malformed.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) {
  const validator = zValidator(target, schema, (result) => {
    if (!result.success) throw problemsOf(result.error);
  });
  if (target !== 'json') return validator;
  const emptyJsonAsObject = createMiddleware(async (c, next) => {
    if (c.req.header('content-length') !== '0' || !isJsonContentType(c.req.header('content-type'))) return validator(c, next);
    const result = await schema.safeParseAsync({});
    if (!result.success) throw problemsOf(result.error);
    c.req.addValidatedData('json', result.data as object);
    await next();
  });
  return emptyJsonAsObject as unknown as typeof validator;
}
