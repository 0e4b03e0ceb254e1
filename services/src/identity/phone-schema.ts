import { z } from 'zod';
import { normalizePhone, PHONE_FORMAT_MESSAGE, PHONE_PATTERN } from '@desk/machines/identity/phone';
import { canonicalPhone } from './canonical-phone';

export { PHONE_PATTERN };

/** Typed text that passed the screens' own rule (machines/src/identity/phone.ts), in its canonical form. */
export const phonePattern = z.string().regex(PHONE_PATTERN, PHONE_FORMAT_MESSAGE).transform(canonicalPhone);

/** A phone from a request body: required, normalised, checked, canonical. */
export const phoneSchema = z.string({ error: 'Phone is required' }).trim().min(1, 'Phone is required').transform(normalizePhone).pipe(phonePattern);
