import { describe, expect, it } from 'vitest';
import { Refusal } from '../shared/refusal';
import { refuseOrderBeforeOwnPassword, SET_OWN_PASSWORD_TO_ORDER, waitsForOwnPassword, type AccountOrigin } from './own-password-to-order';

const ADMIN = '0558aee0-0000-4000-8000-000000000001';

/** Given the account's origin, when it places an order, then it is refused with this, or not at all. */
const whenOrdering = (account: AccountOrigin) => {
  try {
    refuseOrderBeforeOwnPassword(account);
    return null;
  } catch (error) {
    return error;
  }
};

describe('an account an admin made orders only once its holder set their own password', () => {
  it('the finding: an admin made it with a password of their choosing, so it places no order', () => {
    const refusal = whenOrdering({ createdBy: ADMIN, passwordSetByOther: true });
    expect(refusal).toBeInstanceOf(Refusal);
    expect(refusal).toMatchObject({ kind: 'forbidden', code: 'phone_not_verified', message: SET_OWN_PASSWORD_TO_ORDER });
  });

  it('once its holder set their own password with a code sent to the phone, it orders', () => {
    expect(whenOrdering({ createdBy: ADMIN, passwordSetByOther: false })).toBeNull();
  });

  it('a sign-up (or an account of the CLI, the bootstrap, the seed) is never held', () => {
    expect(whenOrdering({ createdBy: null, passwordSetByOther: false })).toBeNull();
  });

  it('an account made before makers were recorded is not held, though migration 017 marked its password as chosen by another', () => {
    expect(waitsForOwnPassword({ createdBy: null, passwordSetByOther: true })).toBe(false);
    expect(whenOrdering({ createdBy: null, passwordSetByOther: true })).toBeNull();
  });
});
