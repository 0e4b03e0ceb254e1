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
/** Staff sessions (docs/decisions/0029): who signed in, out, and whose sessions ended and why. */
export const STAFF_SIGNED_IN = 'StaffSignedIn';
export const STAFF_SIGNED_OUT = 'StaffSignedOut';
export const SESSIONS_REVOKED = 'SessionsRevoked';
/** A staff member's authenticator app (TOTP): enrolled, replaced, reset by the operator; a recovery code spent. */
export const AUTHENTICATOR_ENROLLED = 'AuthenticatorEnrolled';
export const AUTHENTICATOR_RESET = 'AuthenticatorReset';
export const RECOVERY_CODE_USED = 'RecoveryCodeUsed';
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

/**
 * `self`: the user, knowing the current password; `reset`: the operator, with the admin CLI;
 * `sms_reset`: the holder of the phone, with a code sent to it ("Forgot password?").
 */
export type PasswordChangedBy = 'self' | 'reset' | 'sms_reset';

export interface PasswordChanged {
  userId: string;
  tenantId: string;
  phone: string;
  by: PasswordChangedBy;
  /** Sessions signed in before this instant stop working. */
  changedAt: string;
}

/**
 * The sign-in counters that lock a phone out: failed passwords from one address (`phone-ip`) and
 * from every address (`phone`, a slower limit), codes requested, and wrong authenticator or
 * recovery codes of its account.
 */
export type PhoneLimit = 'login-fail:phone-ip' | 'login-fail:phone' | 'otp-send:phone' | 'second-factor-fail:user';

/** What locked an account out: failed passwords from one address (`ip` says which) or from every address, or wrong second-factor codes. */
export type SignInLimit = 'login-fail:phone-ip' | 'login-fail:phone' | 'second-factor-fail:user';

export interface SignInLockedOut {
  userId: string;
  tenantId: string;
  phone: string;
  limit: SignInLimit;
  /** The address locked out, for `login-fail:phone-ip`. */
  ip?: string;
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

/** How a session was opened. */
export type SignInMethod = 'password' | 'password_totp' | 'recovery_code' | 'otp' | 'sign_up';
/** Why sessions ended before their time. */
export type SessionEndReason =
  | 'signed_out_elsewhere'
  | 'password_changed'
  | 'password_reset'
  | 'sms_reset'
  | 'roles_changed'
  | 'authenticator_reset'
  /** The holder replaced their authenticator from a signed-in session: every other session ends. */
  | 'authenticator_replaced';
export interface StaffSignedIn {
  userId: string;
  tenantId: string;
  phone: string;
  sessionId: string;
  method: SignInMethod;
  expiresAt: string;
  signedInAt: string;
}
export interface StaffSignedOut {
  userId: string;
  tenantId: string;
  sessionId: string;
  signedOutAt: string;
}
/** Sessions of the account ended by something other than their own sign-out (the ids are the sessions table's). */
export interface SessionsRevoked {
  userId: string;
  tenantId: string;
  sessionIds: string[];
  reason: SessionEndReason;
  revokedAt: string;
}
/** Never the secret: only that there is one, and whether it replaced another. */
export interface AuthenticatorEnrolled {
  userId: string;
  tenantId: string;
  replaced: boolean;
  recoveryCodes: number;
  enrolledAt: string;
}
export interface AuthenticatorReset {
  userId: string;
  tenantId: string;
  resetAt: string;
}
export interface RecoveryCodeUsed {
  userId: string;
  tenantId: string;
  sessionId: string;
  /** Recovery codes left unused. */
  remaining: number;
  usedAt: string;
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
  | { type: typeof USER_PHONE_CHANGED; data: UserPhoneChanged }
  | { type: typeof STAFF_SIGNED_IN; data: StaffSignedIn }
  | { type: typeof STAFF_SIGNED_OUT; data: StaffSignedOut }
  | { type: typeof SESSIONS_REVOKED; data: SessionsRevoked }
  | { type: typeof AUTHENTICATOR_ENROLLED; data: AuthenticatorEnrolled }
  | { type: typeof AUTHENTICATOR_RESET; data: AuthenticatorReset }
  | { type: typeof RECOVERY_CODE_USED; data: RecoveryCodeUsed };

export type IpEvent = { type: typeof SIGN_IN_IP_LOCKED_OUT; data: SignInIpLockedOut };
