/** Seed-spec section 5: an optional plus, then 10 to 15 digits. */
export const PHONE_PATTERN = /^\+?\d{10,15}$/;
export const PHONE_FORMAT_MESSAGE = 'Phone must be 10 to 15 digits, optionally starting with +';

/** Spaces and dashes people type are dropped before the check, on the screens and the server alike. */
export const normalizePhone = (phone: string): string => phone.trim().replace(/[\s-]/g, '');
