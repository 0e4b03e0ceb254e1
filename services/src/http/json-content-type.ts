/** What hono's validator parses as JSON: `application/json` or `application/…+json`, in any case (hono/dist/validator/validator.js). */
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** Whether a Content-Type header names a body hono reads as JSON (its parameters, like charset, aside). */
export function isJsonContentType(header: string | undefined): boolean {
  return JSON_TYPE.test((header ?? '').split(';')[0]!.trim());
}
