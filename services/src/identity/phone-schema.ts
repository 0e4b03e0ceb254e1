import { z } from 'zod';
import { normalizePhone, PHONE_FORMAT_MESSAGE, PHONE_PATTERN } from '@desk/machines/identity/phone';
import { canonicalPhone } from './canonical-phone';

export { PHONE_PATTERN };

/**
 * A phone as typed, for the document: spaces and dashes anywhere, then what is left is the
 * specification's pattern (an optional + and 10 to 15 digits). The same rule as `phoneSchema`'s.
 */
export const TYPED_PHONE = /^[\s-]*\+?(?:[\s-]*\d){10,15}[\s-]*$/;
const PHONE_RULE = 'An optional + and 10 to 15 digits; spaces and dashes are ignored';

/** Typed text that passed the screens' own rule (machines/src/identity/phone.ts), in its canonical form. */
export const phonePattern = z.string().regex(PHONE_PATTERN, PHONE_FORMAT_MESSAGE).transform(canonicalPhone);

/** A phone from a request body: required, normalised, checked, canonical. */
export const phoneSchema = z
  .string({ error: 'Phone is required' })
  .trim()
  .min(1, 'Phone is required')
  .meta({ pattern: TYPED_PHONE.source, description: PHONE_RULE })
  .transform(normalizePhone)
  .pipe(phonePattern);
