import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { asDomainError } from '../http/domain-refusals';
import { ValidationError } from '@desk/platform/errors/domain-error';
import { logger } from '@desk/platform/logging/logger';
import { TooManyRequestsError } from '../kv/rate-limiter';
import { storeOutageOf } from '../http/store-outage';

/** How long a client should wait before sending a request again that a store's outage stopped. */
const OUTAGE_RETRY_AFTER_SECONDS = '5';

/**
 * The one place errors become responses, all in one shape (`errorSchema`: `error`, always `code`,
 * `details` for bad input): domain errors and the domain's refusals answer with their own status and
 * body, a refusal to wait says how long in `Retry-After`; a store's passing outage (the database
 * restarting, the file storage full) is 503 with `Retry-After`; anything unexpected is logged
 * (without the request body) and answered with a bare 500.
 */
export function handleError(error: Error, c: Context): Response {
  const refusal = asDomainError(error);
  if (refusal) {
    if (refusal instanceof TooManyRequestsError) c.header('Retry-After', String(Math.max(1, Math.ceil(refusal.retryAfterSeconds))));
    return c.json(refusal.body(), refusal.status);
  }
  if (error instanceof HTTPException) {
    if (error.status === 415) {
      return c.json(
        { error: 'Send the body as JSON in UTF-8 (Content-Type: application/json), or as a multipart form for uploads', code: 'unsupported_media_type' },
        415,
      );
    }
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
    // Any other status hono raises, in the same shape.
    return c.json({ error: error.message || 'The request was refused', code: `http_${error.status}` }, error.status);
  }
  const outage = storeOutageOf(error);
  if (outage) {
    logger.warn('a store did not answer', { method: c.req.method, path: c.req.path, code: outage.code, error: error.message });
    c.header('Retry-After', OUTAGE_RETRY_AFTER_SECONDS);
    return c.json(outage, 503);
  }
  logger.error('unhandled error', { method: c.req.method, path: c.req.path, error: error.message, stack: error.stack });
  return c.json({ error: 'Something went wrong. Please try again.', code: 'internal_error' }, 500);
}
