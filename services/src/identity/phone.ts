import { z } from 'zod';

/** Seed-spec section 5: an optional plus, then 10 to 15 digits. Spaces and dashes are dropped first. */
export const PHONE_PATTERN = /^\+?\d{10,15}$/;

export const phoneSchema = z
  .string({ error: 'Phone is required' })
  .trim()
  .min(1, 'Phone is required')
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(PHONE_PATTERN, 'Phone must be 10 to 15 digits, optionally starting with +'));
