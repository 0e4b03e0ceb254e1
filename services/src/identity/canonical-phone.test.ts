import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PHONE_PATTERN } from '@desk/machines/identity/phone';
import { canonicalPhone, isDialable } from './canonical-phone';

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

  it('keeps a number whose E.164 form reads back as another number as typed (found by a review, fuzzing)', () => {
    // libphonenumber reads `90` after +55 as a carrier code: +559045005668 is written +5545005668,
    // and 005509045005668 would be written +559045005668, a form that is not its own canonical form.
    expect(canonicalPhone('005509045005668')).toBe('005509045005668');
    expect(canonicalPhone('+55090519378565')).toBe('+55090519378565');
    expect(canonicalPhone('+37588186659660')).toBe('+37588186659660');
    expect(canonicalPhone(canonicalPhone('+55 90 4500 5668'))).toBe(canonicalPhone('+55 90 4500 5668'));
  });

  it('is its own canonical form, and what it writes still passes the specification pattern', () => {
    const prefixes = ['', '+', '0', '00', '+0', '91', '+91', '0091', '+55', '0055', '+375', '+44', '+1'];
    fc.assert(
      fc.property(fc.constantFrom(...prefixes), fc.stringMatching(/^\d{6,15}$/), (prefix, digits) => {
        const typed = `${prefix}${digits}`;
        fc.pre(PHONE_PATTERN.test(typed));
        const once = canonicalPhone(typed);
        expect(canonicalPhone(once)).toBe(once);
        expect(once).toMatch(PHONE_PATTERN);
      }),
      { numRuns: 20_000 },
    );
  });
});

describe('isDialable', () => {
  it('takes a valid number in any spelling, and no spelling libphonenumber does not find valid', () => {
    for (const typed of ['9876543210', '+91 98765 43210', '09876543210', '+447911123456']) expect(isDialable(typed), typed).toBe(true);
    // Spellings of +919876543210 that are kept as typed: they would be a second account for one handset.
    for (const typed of ['+00919876543210', '0919876543210', '+91919876543210', '0000000000', '+15550001234']) expect(isDialable(typed), typed).toBe(false);
  });
});
