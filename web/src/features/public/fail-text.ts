import { ApiError, errorText } from '../../lib/api';

/**
 * The text a sign-in screen shows for a failed call: the server's words, else a default for that
 * status (registration names a taken phone, seed-spec section 8), else the screen's default.
 */
export function failText(error: unknown, fallback: string, byStatus: Record<number, string> = {}): string {
  if (!(error instanceof ApiError)) return fallback;
  return errorText(error.body, error.status, byStatus[error.status] ?? fallback);
}

/** Seconds the server asks to wait before the next try (429 answers carry them). */
export function retryAfter(error: unknown): number | null {
  const seconds = error instanceof ApiError && error.status === 429 ? error.body.retryAfterSeconds : null;
  return typeof seconds === 'number' && seconds > 0 ? seconds : null;
}
