import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { asDomainError } from '../http/domain-refusals';
import { ValidationError } from '@desk/platform/errors/domain-error';
import { logger } from '@desk/platform/logging/logger';

/**
 * The one place errors become responses: domain errors and the domain's refusals answer with their own status and body;
 * anything unexpected is logged (without the request body) and answered with a bare 500.
 */
export function handleError(error: Error, c: Context): Response {
  const refusal = asDomainError(error);
  if (refusal) return c.json(refusal.body(), refusal.status);
  if (error instanceof HTTPException) {
    if (error.status === 413) {
      // The only large bodies are proof uploads, whose limit the screens state in these words.
      const message = c.req.path.endsWith('/upload') ? 'File size must be less than 5MB' : 'Request body is too large';
      return c.json({ error: message, code: 'payload_too_large' }, 413);
    }
    if (error.status === 400) {
      // hono's validators refuse a body they cannot parse ("Malformed JSON in request body") before
      // ours sees it: answered in the shape of every other bad input.
      const invalid = ValidationError.of('', error.message);
      return c.json(invalid.body(), 400);
    }
    return error.getResponse();
  }
  logger.error('unhandled error', { method: c.req.method, path: c.req.path, error: error.message, stack: error.stack });
  return c.json({ error: 'Something went wrong. Please try again.', code: 'internal_error' }, 500);
}
