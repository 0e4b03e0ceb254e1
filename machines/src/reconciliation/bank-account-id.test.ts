import { describe, expect, it } from 'vitest';
import { bankAccountId } from './bank-account-id';

describe("a brand's bank account id", () => {
  const account = { ifsc: 'HDFC0001234', accountNumber: '50100012341234' };

  it('is a UUID, the same for the same account however it is spelt', () => {
    const id = bankAccountId('sunrise', account);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(bankAccountId('sunrise', { ifsc: 'hdfc0001234 ', accountNumber: '5010 0012 3412 34' })).toBe(id);
  });

  it("differs for another brand's account, another branch or another number", () => {
    const id = bankAccountId('sunrise', account);
    expect(bankAccountId('default', account)).not.toBe(id);
    expect(bankAccountId('sunrise', { ...account, ifsc: 'HDFC0001235' })).not.toBe(id);
    expect(bankAccountId('sunrise', { ...account, accountNumber: '50100012341235' })).not.toBe(id);
  });
});
