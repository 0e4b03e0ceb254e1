import { describe, expect, it } from 'vitest';
import { formerStaffPhoneProblem, staffRoleHeldUntil, type RolesChange } from './former-staff-phone';

const NOW = new Date('2026-11-27T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
const made = (roles: string[], at: string): RolesChange => ({ roles, previousRoles: [], changedAt: at });
const removed = (previousRoles: string[], at: string): RolesChange => ({ roles: [], previousRoles, changedAt: at });

/** Given the account's changes of roles, when the person at the server changes its phone now, then this refusal, or none. */
const whenPhoneChanged = (changes: RolesChange[]) => formerStaffPhoneProblem('acc-c', changes, NOW);

describe("a former staff member's phone waits 30 days at the server", () => {
  it('the finding: an admin whose role was removed minutes ago keeps their phone, and the operator is told why and what to do', () => {
    const problem = whenPhoneChanged([made(['admin'], daysAgo(200)), removed(['admin'], daysAgo(0.01))]);
    expect(problem).toContain(`Account acc-c held a staff role until ${daysAgo(0.01)}: its phone is not changed at the server until`);
    expect(problem).toContain('make a new account on that number');
  });

  it('a compliance officer too, 29 days on', () => {
    expect(whenPhoneChanged([made(['compliance'], daysAgo(90)), removed(['compliance'], daysAgo(29))])).not.toBeNull();
  });

  it('30 days after the role ended, the phone may change', () => {
    expect(whenPhoneChanged([made(['admin'], daysAgo(90)), removed(['admin'], daysAgo(30.01))])).toBeNull();
  });

  it('a customer who never held a staff role is not held; nor is a change among other roles', () => {
    expect(whenPhoneChanged([])).toBeNull();
    expect(whenPhoneChanged([made(['user'], daysAgo(1))])).toBeNull();
  });

  it('the latest time the role was held counts: given back and removed again restarts the wait', () => {
    const changes = [made(['admin'], daysAgo(100)), removed(['admin'], daysAgo(60)), made(['admin'], daysAgo(20)), removed(['admin'], daysAgo(10))];
    expect(staffRoleHeldUntil(changes, NOW)?.toISOString()).toBe(daysAgo(10));
  });
});
