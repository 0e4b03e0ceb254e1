import { MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT } from '@desk/machines/identity/password-rules';
import { ApiError, errorText } from '../../../lib/api';

// Seed-spec section 8: what the Add User form says when the server gives no text of its own.
const BY_STATUS: Record<number, string> = {
  0: 'Network error. Please check your connection.',
  400: 'Invalid data provided',
  401: 'Unauthorized. Please login again.',
  403: 'Access denied. Admin privileges required.',
  409: 'Phone number already exists',
};

export const CREATE_USER_FAILED = 'Failed to create user';

/** The server's own text first (its validation details included), else a text for the status. */
export function createUserErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.body.error ? errorText(error.body, error.status) : (BY_STATUS[error.status] ?? CREATE_USER_FAILED);
  return error instanceof Error && error.message ? error.message : CREATE_USER_FAILED;
}

/** null when the form can be sent; the client-side checks of seed-spec section 5. */
export function newUserProblem(phone: string, password: string): string | null {
  if (!phone.trim() || !password) return 'Phone and password are required';
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT;
  return null;
}
