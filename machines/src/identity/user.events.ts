/**
 * The events on a user's stream `user-<userId>` about the account itself: who made it, its roles,
 * its password and its sign-in lock-outs (the saved wallets and bank accounts on the same stream are
 * in accounts/saved-account.events.ts). The users table stays what sign-in reads; these say who
 * changed it, when and from where. No event ever carries a password or its hash.
 */

export const USER_REGISTERED = 'UserRegistered';
export const USER_ROLES_CHANGED = 'UserRolesChanged';
export const PASSWORD_CHANGED = 'PasswordChanged';
export const SIGN_IN_LOCKED_OUT = 'SignInLockedOut';
export const SIGN_IN_UNLOCKED = 'SignInUnlocked';
export const USER_PHONE_CANONICALISED = 'UserPhoneCanonicalised';
export const USER_PHONE_CHANGED = 'UserPhoneChanged';
/** On the stream `ip-<address>`, not a user's: an address is nobody's account. */
export const SIGN_IN_IP_LOCKED_OUT = 'SignInIpLockedOut';

/**
 * How the account came to be: the customer's own sign-up (phone verified by a code), an admin on
 * the admin screens, the server's first start (ADMIN_PHONE or the development login), the admin CLI
 * on the server, or the demo seed.
 */
export type RegisteredVia = 'sign_up' | 'admin' | 'bootstrap' | 'cli' | 'seed';

export interface UserRegistered {
  userId: string;
  tenantId: string;
  phone: string;
  username: string | null;
  /** The roles it was made with; also recorded as UserRolesChanged (from none), so role history reads one event type. */
  roles: string[];
  via: RegisteredVia;
  registeredAt: string;
}

export interface UserRolesChanged {
  userId: string;
  tenantId: string;
  phone: string;
  roles: string[];
  previousRoles: string[];
  changedAt: string;
}

/** `self`: the user, knowing the current password; `reset`: the operator, with the admin CLI. */
export type PasswordChangedBy = 'self' | 'reset';

export interface PasswordChanged {
  userId: string;
  tenantId: string;
  phone: string;
  by: PasswordChangedBy;
  /** Sessions signed in before this instant stop working. */
  changedAt: string;
}

/** The sign-in counters that lock a phone out: failed passwords, and sign-in codes requested. */
export type PhoneLimit = 'login-fail:phone' | 'otp-send:phone';

export interface SignInLockedOut {
  userId: string;
  tenantId: string;
  phone: string;
  limit: 'login-fail:phone';
  /** The failures that lock, within `windowMinutes`. */
  failures: number;
  windowMinutes: number;
  lockedAt: string;
  /** When the lock ends by itself (unless the admin CLI lifts it first). */
  lockedUntil: string;
}

export interface SignInUnlocked {
  userId: string;
  tenantId: string;
  phone: string;
  /** The counters that were locking the phone, and how long each had left. */
  cleared: { limit: PhoneLimit; secondsLeft: number }[];
  unlockedAt: string;
}

/**
 * An account made before phones were kept in one form had its phone rewritten into it, once, by
 * the server (services/src/identity/canonical-phones-fix.ts): `9876543210` became `+919876543210`.
 */
export interface UserPhoneCanonicalised {
  userId: string;
  tenantId: string;
  phone: string;
  previousPhone: string;
  changedAt: string;
}

/** The operator gave an account another phone (`npm run admin -- change-phone`), e.g. to settle two accounts of one number. */
export interface UserPhoneChanged {
  userId: string;
  tenantId: string;
  phone: string;
  previousPhone: string;
  changedAt: string;
}

export interface SignInIpLockedOut {
  ip: string;
  /** The brand whose sign-in page took the failure that locked it (the lock holds on every brand). */
  tenantId: string;
  limit: 'login-fail:ip';
  failures: number;
  windowMinutes: number;
  /** The phone tried on the failure that locked the address. */
  phone: string;
  lockedAt: string;
  lockedUntil: string;
}

export type UserEvent =
  | { type: typeof USER_REGISTERED; data: UserRegistered }
  | { type: typeof USER_ROLES_CHANGED; data: UserRolesChanged }
  | { type: typeof PASSWORD_CHANGED; data: PasswordChanged }
  | { type: typeof SIGN_IN_LOCKED_OUT; data: SignInLockedOut }
  | { type: typeof SIGN_IN_UNLOCKED; data: SignInUnlocked }
  | { type: typeof USER_PHONE_CANONICALISED; data: UserPhoneCanonicalised }
  | { type: typeof USER_PHONE_CHANGED; data: UserPhoneChanged };

export type IpEvent = { type: typeof SIGN_IN_IP_LOCKED_OUT; data: SignInIpLockedOut };
