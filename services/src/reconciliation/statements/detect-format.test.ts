import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { statementFormatOf } from './detect-format';

const encode = (text: string) => new TextEncoder().encode(text);
const fixtures = new URL('./fixtures/', import.meta.url);

describe('statementFormatOf', () => {
  // The other readers' fixtures too: csv-* and xlsx-* files are named by the format they hold.
  it('knows every fixture by its content, whatever its name', () => {
    const expected = (name: string) => name.split('-')[0];
    const names = readdirSync(fixtures).filter((name) => /^(camt053|mt940|csv|xlsx)-.*\.(xml|sta|txt|csv|xlsx)$/.test(name));
    expect(names.length).toBeGreaterThanOrEqual(8);
    for (const name of names) {
      const bytes = readFileSync(new URL(name, fixtures));
      expect([name, statementFormatOf(name, bytes)]).toEqual([name, expected(name)]);
      expect([name, statementFormatOf('download', bytes)]).toEqual([name, expected(name)]);
    }
  });

  it('reads a tab-separated "XLS", a ".txt" MT940 and a zip by content', () => {
    expect(statementFormatOf('statement.xls', encode('Date\tNarration\tAmount\n01/04/2024\tUPI/1234\t1,00,000.00\n'))).toBe('csv');
    expect(statementFormatOf('statement.csv', encode(':20:REF\r\n:25:123\r\n:60F:C240101INR0,\r\n:62F:C240101INR0,\r\n'))).toBe('mt940');
    expect(statementFormatOf('statement.csv', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).toBe('xlsx');
  });

  it('uses the name only to break a tie: a lone MT940-looking tag', () => {
    const text = encode(':20:REF,ONLY\n');
    expect(statementFormatOf('a.sta', text)).toBe('mt940');
    expect(statementFormatOf('a.csv', text)).toBe('csv');
  });

  it('refuses what no reader reads: other XML, HTML, PDF, binary .xls, empty, one column of text', () => {
    expect(statementFormatOf('a.xml', encode('<?xml version="1.0"?><Document><BkToCstmrAcctRpt/></Document>'))).toBeNull();
    expect(statementFormatOf('a.xls', encode('<html><table><tr><td>1</td></tr></table></html>'))).toBeNull();
    expect(statementFormatOf('a.pdf', encode('%PDF-1.7\n'))).toBeNull();
    expect(statementFormatOf('a.xls', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0x00, 0x00]))).toBeNull();
    expect(statementFormatOf('a.csv', encode('  \n'))).toBeNull();
    expect(statementFormatOf('a.csv', encode('just words\n'))).toBeNull();
  });
});
