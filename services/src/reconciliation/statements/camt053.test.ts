import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { problemOf } from '../../../../tests/support/statement-problem';
import { readCamt053, readCamt053Statements } from './camt053';
import { expectedStatement } from './fixtures/expected-statement';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('readCamt053', () => {
  it('reads a .001.02 statement (BOM, CRLF): booked entries only, reversal as booked, every narration part', () => {
    expect(readCamt053(fixture('camt053-001-02-entries.xml'))).toEqual(
      expectedStatement(
        { format: 'camt053', accountNumber: '50200012345678', currency: 'INR', opening: ['2024-03-15', '100000.00'], closing: ['2024-03-15', '126500.50'] },
        [
          [
            '2024-03-15',
            '2024-03-15',
            'credit',
            '25000.00',
            'NEFT INWARD NEFT CR-SBIN0001234-ASHA TEST TRADERS-ORDER 7F3K2 USDT ASHA TEST TRADERS & CO N075240123456789',
            'S81234567',
          ],
          // The UPI UTR is only in Refs/ClrSysRef; NOTPROVIDED is not a reference.
          ['2024-03-15', '2024-03-15', 'credit', '1500.50', 'UPI CREDIT 407512345678', 'S81234570'],
          ['2024-03-15', '2024-03-15', 'debit', '10000.00', 'IMPS OUTWARD IMPS 407598765432 SELL PAYOUT RAVI SAMPLE PAYOUT-91C2', 'S81234601'],
          [
            '2024-03-15',
            '2024-03-15',
            'credit',
            '10000.00',
            'REVERSAL IMPS OUTWARD IMPS RETURN 407598765432 BENEFICIARY ACCOUNT CLOSED PAYOUT-91C2',
            'S81234655',
          ],
        ],
      ),
    );
  });

  it('reads each Stmt of a .001.08 file (namespace prefix, Sts/Cd, Pty/Nm, PRCD, DtTm, overdrawn balance)', () => {
    expect(readCamt053Statements(fixture('camt053-001-08-two-accounts.xml'))).toEqual([
      expectedStatement(
        {
          format: 'camt053',
          accountNumber: 'GB33BUKB20201555555555',
          currency: 'INR',
          opening: ['2024-12-30', '-500.00'],
          closing: ['2024-12-31', '199500.00'],
        },
        [['2024-12-31', '2024-12-31', 'credit', '200000.00', 'RTGS BUY ORDER 2QX9 MEERA EXAMPLE HDFCR52024123100000042', 'RTGS-HDFCR52024123100000042']],
      ),
      expectedStatement(
        { format: 'camt053', accountNumber: '000405001234', currency: 'INR', opening: ['2024-12-31', '0.00'], closing: ['2024-12-31', '-0.75'] },
        [['2024-12-31', null, 'debit', '0.75', 'SMS ALERT CHARGES Q3', null]],
      ),
    ]);
  });

  it('refuses a file of two accounts as one statement, naming the second Stmt', () => {
    const problem = problemOf(() => readCamt053(fixture('camt053-001-08-two-accounts.xml')));
    expect(problem.message).toMatch(/more than one account/);
    expect(problem.line).toBe(23);
  });

  it("joins one account's Stmts in order, and refuses them when a page does not open on the previous closing", () => {
    const xml = fixture('camt053-001-08-two-pages.xml');
    const joined = readCamt053(xml);
    expect(joined.openingBalance).toEqual({ on: '2024-06-01', amount: '1000.00' });
    expect(joined.closingBalance).toEqual({ on: '2024-06-01', amount: '2500.00' });
    expect(joined.lines.map((line) => [line.direction, line.amount, line.narration, line.bankReference])).toEqual([
      ['credit', '2000.00', 'UPI/CR/415300001111/PRIYA 415300001111', 'AX-1'],
      ['debit', '500.00', 'IMPS/P2A/415311112222/PAYOUT', 'AX-2'],
    ]);
    const gap = xml.replace(
      '<Amt Ccy="INR">3000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-06-01</Dt></Dt></Bal>\n      <Bal><Tp><CdOrPrtry><Cd>CLBD',
      '<Amt Ccy="INR">3100.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-06-01</Dt></Dt></Bal>\n      <Bal><Tp><CdOrPrtry><Cd>CLBD',
    );
    const problem = problemOf(() => readCamt053(gap.replace('<Amt Ccy="INR">2500.00</Amt>', '<Amt Ccy="INR">2600.00</Amt>')));
    expect(problem.message).toMatch(/opens on 3100.00 but the page before it closed on 3000.00/);
    expect(problem.line).toBe(17);
  });

  it('refuses a malformed amount, naming the entry’s line', () => {
    const problem = problemOf(() => readCamt053(fixture('camt053-malformed-amount.xml')));
    expect(problem.message).toBe('The amount "1,500.50" is not an amount in rupees and paise.');
    expect(problem.line).toBe(62);
  });

  it('refuses lines that do not add up to the closing balance (a line read wrong or missed)', () => {
    const xml = fixture('camt053-001-02-entries.xml').replace('<Amt Ccy="INR">126500.50</Amt>', '<Amt Ccy="INR">126500.51</Amt>');
    expect(problemOf(() => readCamt053(xml)).message).toMatch(/gives 126500.50, but the closing balance says 126500.51/);
  });

  it('refuses an entry with no status, another currency, or a bad indicator, and XML that is not a camt.053', () => {
    const xml = fixture('camt053-001-08-two-pages.xml');
    expect(problemOf(() => readCamt053(xml.replace('<Sts><Cd>BOOK</Cd></Sts>', ''))).message).toMatch(/no status/);
    expect(problemOf(() => readCamt053(xml.replace('<Amt Ccy="INR">2000.00</Amt>', '<Amt Ccy="USD">2000.00</Amt>'))).message).toMatch(
      /in USD but the account is in INR/,
    );
    expect(problemOf(() => readCamt053(xml.replace('<CdtDbtInd>DBIT</CdtDbtInd><Sts>', '<CdtDbtInd>DR</CdtDbtInd><Sts>'))).line).toBe(22);
    expect(problemOf(() => readCamt053('<Document><BkToCstmrAcctRpt/></Document>')).message).toMatch(/not a camt.053/);
    expect(problemOf(() => readCamt053('<Document><BkToCstmrStmt><Stmt>\n</BkToCstmrStmt></Document>')).line).toBe(2);
  });
});

describe('readCamt053 on hostile XML', () => {
  it('refuses a DTD with an external entity (a way to read the server’s files) before parsing', () => {
    const xml =
      '<?xml version="1.0"?>\n<!DOCTYPE Document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<Document><BkToCstmrStmt><Stmt><Ntry><AddtlNtryInf>&xxe;</AddtlNtryInf></Ntry></Stmt></BkToCstmrStmt></Document>';
    const problem = problemOf(() => readCamt053(xml));
    expect(problem.message).toMatch(/document type \(DTD\)/);
    expect(problem.line).toBe(2);
  });

  it('refuses a "billion laughs" DTD', () => {
    const entities = Array.from({ length: 10 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('');
    const xml = `<!DOCTYPE d [<!ENTITY l0 "lol">${entities}]><Document><BkToCstmrStmt><Stmt>&l10;</Stmt></BkToCstmrStmt></Document>`;
    expect(problemOf(() => readCamt053(xml)).message).toMatch(/DTD/);
  });

  it('decodes only XML’s own escapes in text, and leaves an undeclared entity as written', () => {
    const xml = fixture('camt053-001-08-two-pages.xml').replace('UPI/CR/415300001111/PRIYA', 'UPI/CR/415300001111/PRIYA &amp; CO &#x41;&#66; &lol;');
    expect(readCamt053(xml).lines[0]?.narration).toBe('UPI/CR/415300001111/PRIYA & CO AB &lol; 415300001111');
  });
});
