/**
 * One person holds one staff account (issue 27, the review's F4). Four eyes compares accounts, so
 * one phone holding a staff role on two accounts (an operator admin who is also a brand's admin) is
 * one person who could ask for a change on one account and confirm it on the other. A phone is
 * taken for a person: whatever makes an account staff (the admin CLI's `create-admin`, the admin
 * screens' new staff account or role grant, a desk change confirming one) asks this rule first.
 *
 * Pure: the caller looks up every account with the phone's canonical form, on every brand (the
 * canonical form is the server's, `services/src/identity/canonical-phone.ts`).
 */

/** The roles that make an account staff: they act on the desk or read it all. */
export const STAFF_ROLE_NAMES = ['admin', 'compliance'] as const;

export interface PhoneAccount {
  id: string;
  tenantId: string;
  roles: readonly string[];
}

const ROLE_WORDS: Record<(typeof STAFF_ROLE_NAMES)[number], string> = { admin: 'admin', compliance: 'compliance officer' };

/**
 * Why `phone` may not be given a staff role (or a staff account) on `targetAccountId`, in words an
 * admin can act on; null when no *other* account with that phone holds admin or compliance.
 *
 * @param accounts every account whose phone is `phone` in canonical form, on any brand
 * @param targetAccountId the account that would become staff, or null for a new account
 */
export function staffElsewhereProblem(phone: string, accounts: readonly PhoneAccount[], targetAccountId: string | null): string | null {
  const elsewhere = accounts.filter((account) => account.id !== targetAccountId && staffRolesOf(account).length > 0);
  if (elsewhere.length === 0) return null;
  const held = elsewhere.map(
    (account) =>
      `${staffRolesOf(account)
        .map((role) => ROLE_WORDS[role])
        .join(' and ')} on brand ${account.tenantId} (account ${account.id})`,
  );
  return `${phone} already holds a staff role: ${held.join('; ')}. One person holds one staff account: remove that role first, or use another person's phone`;
}

function staffRolesOf(account: PhoneAccount): (typeof STAFF_ROLE_NAMES)[number][] {
  return STAFF_ROLE_NAMES.filter((role) => account.roles.includes(role));
}
