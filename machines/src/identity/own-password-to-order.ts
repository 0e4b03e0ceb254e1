import { Refusal } from '../shared/refusal';

/**
 * An account an admin made places no order until its holder sets their own password (third
 * review, F4). On the admin screens an admin makes a customer's account at once, with a phone
 * nobody proved and a password the admin chose: the admin could sign in as that "customer", order
 * to a wallet of their own and settle the order alone. Setting a password with a code sent to the
 * phone ("Forgot password?") proves the phone and ends the admin's password, as a staff account's
 * sign-in asks (decision 0029). The customer's own change of password does not count: whoever knew
 * the admin's password could make it.
 *
 * Pure: the two facts come from the users row (`created_by`, `password_set_by_other`). Accounts
 * made before `created_by` was recorded have none, and are not held.
 */

export const PHONE_NOT_VERIFIED = 'phone_not_verified';
export const SET_OWN_PASSWORD_TO_ORDER = 'Set your own password with a code sent to your phone before placing orders';

export interface AccountOrigin {
  /** The admin who made the account on the admin screens; null for a sign-up, the CLI, the bootstrap, the seed. */
  createdBy: string | null;
  /** Someone else chose the current password (an admin on the screens); false once the holder set it by SMS. */
  passwordSetByOther: boolean;
}

/** Whether the account must set its own password before it places an order. */
export const waitsForOwnPassword = (account: AccountOrigin): boolean => account.createdBy !== null && account.passwordSetByOther;

/** Refuses (403 `phone_not_verified`) an order from an account that still has the password an admin chose. */
export function refuseOrderBeforeOwnPassword(account: AccountOrigin): void {
  if (waitsForOwnPassword(account)) throw Refusal.forbidden(PHONE_NOT_VERIFIED, SET_OWN_PASSWORD_TO_ORDER);
}
