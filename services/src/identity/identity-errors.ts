import { fixedError } from '@desk/platform/errors/domain-error';

/** A phone already has an account in this brand (sign-up, or an admin adding a user). */
export const PhoneTakenError = fixedError('phone_taken', 409, 'Phone number already exists');
