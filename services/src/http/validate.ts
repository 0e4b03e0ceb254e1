/**
 * The text of a length limit. zod 4 gives a check without its own message the schema's `error`, so a
 * `.max()` left bare under `z.string({ error: 'X is required' })` reported a too-long value as missing.
 */
export const atMost = (what: string, max: number): string => `${what} must be at most ${max} characters`;
