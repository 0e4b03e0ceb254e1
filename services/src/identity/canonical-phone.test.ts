import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PHONE_PATTERN } from '@desk/machines/identity/phone';
import { canonicalPhone } from './canonical-phone';

describe('canonicalPhone', () => {
  it('writes every way of typing an Indian mobile number as one E.164 number', () => {
    for (const typed of ['9876543210', '98765 43210', '098765-43210', '09876543210', '919876543210', '+919876543210', '+91 98765-43210', '00919876543210']) {
      expect(canonicalPhone(typed), typed).toBe('+919876543210');
    }
  });

  it('keeps numbers of other countries in their own E.164 form', () => {
    expect(canonicalPhone('+44 7911 123456')).toBe('+447911123456');
    expect(canonicalPhone('+4407911123456')).toBe('+447911123456');
  });

  it('keeps a number that is not valid as it was typed, without spaces and dashes', () => {
    expect(canonicalPhone('0000-000 000')).toBe('0000000000');
    expect(canonicalPhone('+0000000000')).toBe('+0000000000');
    expect(canonicalPhone('+15550001234')).toBe('+15550001234');
    expect(canonicalPhone('123456789012345')).toBe('123456789012345');
  });

  it('is its own canonical form, and what it writes still passes the specification pattern', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.stringMatching(/^\d{10,15}$/), (plus, digits) => {
        const once = canonicalPhone(`${plus ? '+' : ''}${digits}`);
        expect(canonicalPhone(once)).toBe(once);
        expect(once).toMatch(PHONE_PATTERN);
      }),
      { numRuns: 5000 },
    );
  });
});
