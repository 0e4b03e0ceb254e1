import { normalizePhone, PHONE_FORMAT_MESSAGE, PHONE_PATTERN } from '@desk/machines/identity/phone';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT } from '@desk/machines/identity/password-rules';
import { UsageError } from '../cli-errors';
import { canonicalPhone } from '../../identity/canonical-phone';

/** A phone as sign-in reads it (canonical: identity/canonical-phone.ts), with the screens' own rule. */
export function phoneArgument(raw: string | undefined): string {
  if (raw === undefined || raw.trim() === '') throw new UsageError('--phone is required');
  const phone = normalizePhone(raw);
  if (!PHONE_PATTERN.test(phone)) throw new UsageError(`--phone ${raw}: ${PHONE_FORMAT_MESSAGE}`);
  return canonicalPhone(phone);
}

/** A password given by the operator, checked with the same rules as the sign-up form. */
export function passwordArgument(password: string): string {
  if (password.length < MIN_PASSWORD_LENGTH) throw new UsageError(PASSWORD_TOO_SHORT);
  if (password.length > MAX_PASSWORD_LENGTH) throw new UsageError(`Password must be at most ${MAX_PASSWORD_LENGTH} characters long`);
  return password;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An account's id, as `list-admins` and `phone-collisions` print it. */
export function userArgument(raw: string | undefined): string {
  if (raw === undefined || raw.trim() === '') throw new UsageError('--user is required');
  if (!UUID.test(raw.trim())) throw new UsageError(`--user ${raw}: an account id (a uuid)`);
  return raw.trim().toLowerCase();
}
