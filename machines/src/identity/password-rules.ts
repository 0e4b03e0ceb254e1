/** Seed-spec sections 5 and 9: a password has at least 6 characters. */
export const MIN_PASSWORD_LENGTH = 6;
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters long';
/** Long enough for any passphrase, short enough that hashing it costs nothing unusual. */
export const MAX_PASSWORD_LENGTH = 200;
export const PASSWORD_TOO_LONG = `Password must be at most ${MAX_PASSWORD_LENGTH} characters`;
