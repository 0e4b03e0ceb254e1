/** What hono's validator parses as JSON: `application/json` or `application/…+json`, in any case (hono/dist/validator/validator.js). */
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** Whether a Content-Type header names a body hono reads as JSON (its parameters, like charset, aside). */
export function isJsonContentType(header: string | undefined): boolean {
  return JSON_TYPE.test((header ?? '').split(';')[0]!.trim());
}

/**
 * Whether a Content-Type's charset, if it names one, is UTF-8: JSON is UTF-8 (RFC 8259 section 8.1) and
 * hono reads every body as UTF-8, so a body declared in another charset would be read as something
 * its sender did not mean. No charset means UTF-8.
 */
export function declaresUtf8OrNoCharset(header: string | undefined): boolean {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(header ?? '')?.[1];
  return charset === undefined || /^utf-?8$/i.test(charset);
}
