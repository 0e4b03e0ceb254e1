import { z } from 'zod';
import { normalizePhone, PHONE_FORMAT_MESSAGE, PHONE_PATTERN } from '@desk/machines/identity/phone';

export { PHONE_PATTERN };

/** A phone from a request body, normalised, with the screens' own rule (machines/src/identity/phone.ts). */
export const phoneSchema = z
  .string({ error: 'Phone is required' })
  .trim()
  .min(1, 'Phone is required')
  .transform(normalizePhone)
  .pipe(z.string().regex(PHONE_PATTERN, PHONE_FORMAT_MESSAGE));
