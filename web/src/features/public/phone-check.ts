import { normalizePhone, PHONE_FORMAT_MESSAGE, PHONE_PATTERN } from '@desk/machines/identity/phone';

/** What is wrong with a phone number, or null. 'Phone number is required' is the phone_required text. */
export function phoneProblem(phone: string): string | null {
  const plain = normalizePhone(phone);
  if (!plain) return 'Phone number is required';
  return PHONE_PATTERN.test(plain) ? null : PHONE_FORMAT_MESSAGE;
}
