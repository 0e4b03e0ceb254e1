import { describe, expect, it } from 'vitest';
import { sameReference } from './reference-match';

describe('comparing the reference a customer typed with the statement line', () => {
  it.each([
    ['the same RRN', '412345678901', '412345678901', 'same'],
    ['case and spaces ignored', ' hdfcn5 2026 1127 1234 5678 ', 'HDFCN52026112712345678', 'same'],
    ['separators typed inside ignored', '4123-4567-8901', '412345678901', 'same'],
    ['a UPI label in front of the RRN', 'UPI412345678901', '412345678901', 'same'],
    ['an IMPS label with a separator', 'IMPS-412345678901', '412345678901', 'same'],
    ['a UTR label in front of a NEFT UTR', 'UTR No. HDFCN52026112712345678', 'HDFCN52026112712345678', 'same'],
    ['an RRN label with a colon', 'RRN: 412345678901', '412345678901', 'same'],
    ['UPI Ref No. as the app prints it', 'UPI Ref No 412345678901', '412345678901', 'same'],
    ['the bank padded the RRN with zeros', '412345678901', '0000412345678901', 'same'],
    ['a year-0 RRN padded with zeros', '012345678901', '0000012345678901', 'same'],
    ['the digits of an SBI-style UTR without its letter', '123261234567', 'N123261234567', 'same'],
    ['the digits of a 16-character UTR without the bank code', '123456789012', 'SBIN123456789012', 'same'],
    ['one digit different', '412345678901', '412345678902', 'not the same'],
    ['the last twelve digits of a 22-character UTR (bank and year dropped)', '112712345678', 'HDFCN52026112712345678', 'not the same'],
    ['another bank on the same day with the same sequence', 'SBINN52026112712345678', 'HDFCN52026112712345678', 'not the same'],
    ['a letter that is not a label in front', 'N412345678901', '412345678901', 'not the same'],
    ['an RRN inside a longer number', '412345678901', '9412345678901', 'not the same'],
    ['padding that is not zeros', '412345678901', '1000412345678901', 'not the same'],
    ['too short to be a reference, even when equal', '12345', '12345', 'not the same'],
    ['eleven digits, even when equal', '41234567890', '41234567890', 'not the same'],
    ['empty', '', '412345678901', 'not the same'],
    ['a label alone', 'UTR', 'UTR', 'not the same'],
    ['eleven of the twelve digits', '41234567890', '412345678901', 'not the same'],
  ] as const)('%s: %s', (_why, typed, statement, verdict) => {
    expect(sameReference(typed, statement)).toBe(verdict === 'same');
  });

  it('answers the same whichever side carries the label or the padding', () => {
    expect(sameReference('0000412345678901', 'UPI 412345678901')).toBe(true);
    expect(sameReference('IMPS412345678901', '412345678901')).toBe(sameReference('412345678901', 'IMPS412345678901'));
  });
});
