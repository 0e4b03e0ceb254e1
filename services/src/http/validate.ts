import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { ValidationError } from '@desk/platform/errors/domain-error';

/**
 * zod validation at the route, answering 400 `{ error: 'validation_error', details }` with one
 * entry per problem. Malformed JSON gets the same shape (hono's validator reports it first).
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      throw new ValidationError(result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })));
    }
  });
}
