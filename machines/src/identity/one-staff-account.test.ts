import { describe, expect, it } from 'vitest';
import { staffElsewhereProblem, type PhoneAccount } from './one-staff-account';

const phone = '+918000000001';

/** Given the accounts that hold this phone on any brand, when `target` would become staff, then this answer. */
const givenAccounts = (accounts: PhoneAccount[]) => ({
  whenMadeStaff: (target: string | null) => staffElsewhereProblem(phone, accounts, target),
});

describe('one person holds one staff account', () => {
  it('the finding: an operator admin cannot also become a brand admin on the same phone', () => {
    const problem = givenAccounts([
      { id: 'op-a', tenantId: 'default', roles: ['user', 'admin'] },
      { id: 'sunrise-a', tenantId: 'sunrise', roles: ['user'] },
    ]).whenMadeStaff('sunrise-a');
    expect(problem).toBe(
      "+918000000001 already holds a staff role: admin on brand default (account op-a). One person holds one staff account: remove that role first, or use another person's phone",
    );
  });

  it('a new account (no target yet) on a phone that is a compliance officer elsewhere is refused, naming each role held', () => {
    const problem = givenAccounts([
      { id: 'op-a', tenantId: 'default', roles: ['admin', 'compliance'] },
      { id: 'moon-c', tenantId: 'moon', roles: ['compliance'] },
    ]).whenMadeStaff(null);
    expect(problem).toContain('admin and compliance officer on brand default (account op-a)');
    expect(problem).toContain('compliance officer on brand moon (account moon-c)');
    expect(problem).toContain('One person holds one staff account');
  });

  it('the account that already is staff may be given another staff role: the person is the same', () => {
    expect(givenAccounts([{ id: 'op-a', tenantId: 'default', roles: ['admin'] }]).whenMadeStaff('op-a')).toBeNull();
  });

  it('customer accounts on other brands do not count: a person may be a customer anywhere', () => {
    expect(
      givenAccounts([
        { id: 'sunrise-c', tenantId: 'sunrise', roles: ['user'] },
        { id: 'moon-c', tenantId: 'moon', roles: [] },
      ]).whenMadeStaff(null),
    ).toBeNull();
  });

  it('no account with the phone at all: nothing to refuse', () => {
    expect(givenAccounts([]).whenMadeStaff(null)).toBeNull();
  });
});
