import { MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT } from '@desk/machines/identity/password-rules';
import { errorText, type ApiError } from '../lib/api';

export interface PasswordDraft {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordProblem = { field: keyof PasswordDraft; message: string } | null;

/** The first problem with the form, in the order the fields are filled (seed-spec section 5). */
export function passwordProblem({ currentPassword, newPassword, confirmPassword }: PasswordDraft): PasswordProblem {
  if (!currentPassword) return { field: 'currentPassword', message: 'Current password is required' };
  if (!newPassword) return { field: 'newPassword', message: 'New password is required' };
  if (newPassword.length < MIN_PASSWORD_LENGTH) return { field: 'newPassword', message: PASSWORD_TOO_SHORT };
  if (newPassword === currentPassword) return { field: 'newPassword', message: 'New password must be different from current password' };
  if (!confirmPassword) return { field: 'confirmPassword', message: 'Please confirm your new password' };
  if (confirmPassword !== newPassword) return { field: 'confirmPassword', message: 'Passwords do not match' };
  return null;
}

/** What a failed change shows (seed-spec section 8): the server's text first (validation as every screen shows it), then by status. */
export function changePasswordFailure(status: number, body: ApiError['body'] | undefined): string {
  if (body?.error === 'validation_error') return errorText(body, status);
  if (body?.error) return body.error;
  if (status === 401) return 'Current password is incorrect';
  if (status === 400) return 'Invalid password format';
  if (status === 0) return 'Network error. Please check your connection.';
  return 'Failed to change password';
}
