import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { DomainError } from '../shared/domain-error';
import { logger } from '../shared/logger';

/**
 * The one place errors become responses: domain errors answer with their own code and status;
 * anything unexpected is logged (without the request body) and answered with a bare 500.
 */
export function handleError(error: Error, c: Context): Response {
  if (error instanceof DomainError) {
    return c.json({ error: error.code, message: error.message }, error.status);
  }
  if (error instanceof HTTPException) {
    return error.getResponse();
  }
  logger.error('unhandled error', { method: c.req.method, path: c.req.path, error: error.message, stack: error.stack });
  return c.json({ error: 'internal_error', message: 'Something went wrong. Please try again.' }, 500);
}
