import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { problemOf } from '../../../../tests/support/statement-problem';
import { expectedStatement } from './fixtures/expected-statement';
import { readMt940 } from './mt940';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('readMt940', () => {
  it.each([
    {
      reads: 'a single statement: entry date across New Year, NONREF, a UTR cut by a full 65-character line, RD, supplementary details',
      file: 'mt940-single.sta',
      statement: expectedStatement(
        {
          format: 'mt940',
          accountNumber: 'HDFC0000123/50200012345678',
          currency: 'INR',
          opening: ['2023-12-30', '1000.00'],
          closing: ['2023-12-31', '27500.50'],
        },
        [
          ['2024-01-01', '2023-12-31', 'credit', '25000.00', 'NEFT CR-ICIC0000456-ASHA TEST-ORDER 7F3K2', 'N365231231001'],
          [
            '2023-12-31',
            '2023-12-31',
            'credit',
            '1500.50',
            'UPI-RAVI SAMPLE-ravi.sample@ybl-YESB0000001-PAYMENT ORDR 7-407512345678 PAID VIA PHONEPE 407512345678',
            'UPI0001',
          ],
          ['2023-12-31', '2023-12-31', 'debit', '10000.00', 'IMPS/P2A/407598765432/PAYOUT PAYOUT91C2', 'IMPS0042'],
          // RD: the reversal of a debit, money coming back.
          ['2023-12-31', '2023-12-31', 'credit', '10000.00', 'IMPS RETURN 407598765432 ACCOUNT CLOSED PAYOUT91C2 RETURNED BY BENEFICIARY BANK', 'IMPS0043'],
        ],
      ),
    },
    {
      reads: 'two pages of one account in SWIFT blocks with CRLF, joined',
      file: 'mt940-two-pages.txt',
      statement: expectedStatement(
        { format: 'mt940', accountNumber: '918020011223344', currency: 'INR', opening: ['2024-05-31', '1000.00'], closing: ['2024-06-01', '2500.00'] },
        [
          ['2024-06-01', '2024-06-01', 'credit', '2000.00', 'UPI/CR/415300001111/PRIYA', 'AX1'],
          ['2024-06-01', '2024-06-01', 'debit', '500.00', 'IMPS/P2A/415311112222/PAYOUT', 'AX2'],
        ],
      ),
    },
    {
      reads: '?20 subfields (transaction code, funds code, no bank reference, an overdrawn opening)',
      file: 'mt940-structured.sta',
      statement: expectedStatement(
        { format: 'mt940', accountNumber: 'DEUTDEFF/0123456789', currency: 'INR', opening: ['2024-03-01', '-100.00'], closing: ['2024-03-02', '4899.50'] },
        [
          ['2024-03-01', '2024-03-01', 'credit', '5000.00', 'UPI GUTSCHRIFT UPI/412398765432 BUY ORDER 9ZZ1 ANU DEMO', 'DB20240301A'],
          ['2024-03-02', '2024-03-02', 'debit', '0.50', 'CHARGES SMS ALERT', null],
        ],
      ),
    },
  ])('reads $reads', ({ file, statement }) => {
    expect(readMt940(fixture(file))).toEqual(statement);
  });

  it('refuses pages that do not chain, or of two accounts, naming the page’s :20: line', () => {
    const text = fixture('mt940-two-pages.txt');
    const gap = problemOf(() =>
      readMt940(text.replace(':60M:C240601INR3000,00', ':60M:C240601INR3100,00').replace(':62F:C240601INR2500,00', ':62F:C240601INR2600,00')),
    );
    expect(gap.message).toMatch(/opens on 3100.00 but the page before it closed on 3000.00/);
    expect(gap.line).toBe(11);
    expect(problemOf(() => readMt940(text.replace(':25:918020011223344\r\n:28C:152/2', ':25:918020099999999\r\n:28C:152/2'))).message).toMatch(
      /more than one account/,
    );
  });

  it('refuses a malformed :61: naming its line', () => {
    const problem = problemOf(() => readMt940(fixture('mt940-malformed.sta')));
    expect(problem.message).toMatch(/:61:231231D10.000,00NTRF/);
    expect(problem.line).toBe(11);
  });

  it('reads an entry date in December for a value date in January as the year before', () => {
    const text = [':20:X', ':25:1', ':28C:1', ':60F:C231231INR0,', ':61:2401011231C1,NTRFNONREF', ':62F:C240101INR1,00'].join('\n');
    expect(readMt940(text).lines[0]).toMatchObject({ bookedOn: '2023-12-31', valueOn: '2024-01-01', amount: '1.00', narration: '', bankReference: null });
  });

  it('refuses what it cannot read instead of skipping it, each with its line', () => {
    const base = fixture('mt940-single.sta');
    const cases: [string, RegExp, number][] = [
      ['BANK STATEMENT EXPORT\n' + base, /does not start with an MT940 tag/, 1],
      [base.replace(':28C:00365/001', ':34F:INR0,'), /:34F: is not one/, 3],
      [base.replace(':62F:C231231INR27500,50', ':62F:C231231INR27500,51'), /do not add up/, 1],
      [base.replace(':62F:C231231INR27500,50', ':62F:C231231USD27500,50'), /in USD but the statement is in INR/, 17],
      [base.replace(':62F:C231231INR27500,50\n', ''), /no closing balance/, 1],
      [base.replace(':60F:C231230INR1000,00', ':60F:C231230INR1.000,00'), /not a mark/, 4],
      [base.replace(':61:2312311231C1500,5NTRF', ':61:2312311232C1500,5NTRF'), /entry date "1232"/, 7],
      [base.replace(':61:2312311231C1500,5NTRF', ':61:2312311231C1500,555NTRF'), /not an MT940 amount/, 7],
    ];
    for (const [text, message, line] of cases) {
      const problem = problemOf(() => readMt940(text));
      expect(problem.message).toMatch(message);
      expect(problem.line).toBe(line);
    }
  });
});
