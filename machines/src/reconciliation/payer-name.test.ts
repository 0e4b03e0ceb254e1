import { describe, expect, it } from 'vitest';
import { namesAgree, type NamesAgree } from './payer-name';

type Case = [why: string, accountHolder: string, payerName: string, expected: NamesAgree];

const CASES: Case[] = [
  ['the same name', 'Ravi Kumar', 'RAVI KUMAR', 'same'],
  ['an initial for the first name', 'Ravi Kumar', 'R KUMAR', 'same'],
  ['initials with dots and no spaces', 'Ravi Kishan Sharma', 'R.K. SHARMA', 'same'],
  ['the holder saved with an initial', 'R. Kumar', 'Ravi Kumar', 'same'],
  ['the other order', 'Ravi Kumar', 'KUMAR RAVI', 'same'],
  ['an honorific in front', 'Ravi Kumar', 'MR RAVI KUMAR', 'same'],
  ['an honorific with a dot and no space', 'Ravi Kumar', 'MR.RAVI KUMAR', 'same'],
  ['Shri and Smt', 'Shri Ravi Kumar', 'SMT. RAVI KUMAR', 'same'],
  ['M/S in front of a firm', 'Acme Traders', 'M/S ACME TRADERS', 'same'],
  ['Pvt Ltd against Private Limited', 'Acme Traders Private Limited', 'ACME TRADERS PVT. LTD.', 'same'],
  ['dots, commas and extra spaces', 'Ravi  Kumar', ' RAVI ,  KUMAR. ', 'same'],
  ['a father’s initial the bank adds', 'Ravi Kumar', 'RAVI KUMAR S', 'same'],
  ['two parts written as one', 'Ravi Kumar', 'RAVIKUMAR', 'same'],
  ['MD for Mohammed', 'Mohammed Irfan Shaikh', 'MD IRFAN SHAIKH', 'same'],
  ['another spelling of Mohammed', 'Mohammad Irfan', 'MUHAMMAD IRFAN', 'same'],
  ['a spelling variant beside an exact part', 'Srinivasan Iyer', 'SREENIVASAN IYER', 'same'],
  ['cut at 20 characters in the middle of a part', 'Venkata Subramanian Raghunathan', 'VENKATA SUBRAMANIAN ', 'same'],
  ['cut at 27 characters, the last part half there', 'Venkata Subramanian Raghunathan Iyer', 'VENKATA SUBRAMANIAN RAGHUNA', 'same'],
  ['cut at 10 characters (ICICI IMPS)', 'Amazon Seller Services', 'AMAZON SEL', 'same'],
  ['cut at 10 characters with two whole parts before', 'Ravi Kumaran', 'RAVI KUMAR', 'same'],
  ['a middle name left out', 'Ravi Kumar Sharma', 'RAVI SHARMA', 'same'],

  ['a different first name, same surname', 'Ravi Kumar', 'ANIL KUMAR', 'different'],
  ['a firm paying for a person', 'Ravi Kumar', 'ACME TRADERS', 'different'],
  ['a different surname', 'Ravi Kumar Sharma', 'RAVI KUMAR VERMA', 'different'],
  ['one name that is neither part', 'Ravi Kumar', 'SURESH', 'different'],
  ['nothing in common', 'Priya Nair', 'MEERA IYER', 'different'],

  ['the first name alone', 'Ravi Kumar', 'RAVI', 'unknown'],
  ['an extra name on the payer’s side (a spouse’s account)', 'Ravi Kumar', 'SUNITA RAVI KUMAR', 'unknown'],
  ['initials only', 'Ravi Kumar', 'R K', 'unknown'],
  ['too short to tell', 'Ravi Kumar', 'RK', 'unknown'],
  ['an empty payer', 'Ravi Kumar', '', 'unknown'],
  ['an empty holder', '', 'RAVI KUMAR', 'unknown'],
  ['honorific only', 'Ravi Kumar', 'MR. ', 'unknown'],
  ['two different initials', 'Ravi Kumar S', 'RAVI KUMAR T', 'unknown'],
  ['a spelling variant alone', 'Srinivasan', 'SREENIVASAN', 'unknown'],
  ['the surname alone', 'Ravi Kumar', 'KUMAR', 'unknown'],
];

describe('whether the payer is the saved account holder', () => {
  it.each(CASES)('%s: %s / %s', (_why, accountHolder, payerName, expected) => {
    expect(namesAgree(accountHolder, payerName)).toBe(expected);
  });
});
