/** Seed-spec section 5: an optional plus, then 10 to 15 digits (the server's own pattern). */
const PHONE_PATTERN = /^\+?\d{10,15}$/;

/** Spaces and dashes people type are dropped, as the server does, so both sides check the same text. */
export const normalizePhone = (phone: string) => phone.trim().replace(/[\s-]/g, '');

/** What is wrong with a phone number, or null. 'Phone number is required' is the phone_required text. */
export function phoneProblem(phone: string): string | null {
  const plain = normalizePhone(phone);
  if (!plain) return 'Phone number is required';
  return PHONE_PATTERN.test(plain) ? null : 'Phone must be 10 to 15 digits, optionally starting with +';
}
