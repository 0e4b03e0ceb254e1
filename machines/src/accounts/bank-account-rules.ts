/**
 * What a bank account in India looks like, for the customers' saved accounts, the payout account of
 * a sell and the operator's receiving accounts alike: checked the same way on the screens and the server.
 */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const IFSC_MESSAGE = 'IFSC must look like ABCD0123456';
export const ACCOUNT_NUMBER_PATTERN = /^\d{6,20}$/;
export const ACCOUNT_NUMBER_MESSAGE = 'Account number must be 6 to 20 digits';

/** IFSC codes are written upper case (seed-spec section 3). */
export const normaliseIfsc = (ifsc: string): string => ifsc.trim().toUpperCase();
