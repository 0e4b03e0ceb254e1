import { describe, expect, it } from 'vitest';
import { COLUMN_PRESETS, suggestPreset } from './column-presets';
import { ICICI_DETAILED_HEADER } from './fixtures/icici-detailed-header';

describe('column presets', () => {
  it('are named for layouts and each reads as a valid mapping', () => {
    expect(COLUMN_PRESETS.map((preset) => preset.name)).toEqual([
      'Withdrawal/Deposit columns (dd/mm/yy)',
      'Debit/Credit columns (dd-MMM-yyyy)',
      'Txn Date / Debit / Credit / Balance (dd MMM yyyy)',
      'Dr/Cr marker column (dd-mm-yyyy)',
      'Dr/Cr marker columns for amount and balance (dd-mm-yyyy)',
    ]);
    expect(new Set(COLUMN_PRESETS.map((preset) => preset.id)).size).toBe(COLUMN_PRESETS.length);
  });

  it.each([
    [
      [['Account No :', '5010'], [], ['Date', 'Narration', 'Chq./Ref.No.', 'Value Dt', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance']],
      'withdrawal-deposit-dd-mm-yy',
    ],
    [[ICICI_DETAILED_HEADER], 'debit-credit-dd-mmm-yyyy'],
    [[['Txn Date', 'Value Date', 'Description', 'Ref No./Cheque No.', 'Debit', 'Credit', 'Balance']], 'txn-date-debit-credit-dd-mmm-yyyy'],
    [
      [['Tran Date', 'Value Date', 'Chq No', 'Transaction Particulars', 'Amount(INR)', 'DR|CR', 'Balance(INR)', 'Branch Name']],
      'amount-dr-cr-column-dd-mm-yyyy',
    ],
    [
      [['Sl. No.', 'Transaction Date', 'Value Date', 'Description', 'Chq / Ref No.', 'Amount', 'Dr / Cr', 'Balance', 'Dr / Cr']],
      'amount-dr-cr-and-balance-dr-cr-dd-mm-yyyy',
    ],
  ])('suggests the preset whose headers the rows carry (%#)', (rows, id) => {
    expect(suggestPreset(rows)?.id).toBe(id);
  });

  it('suggests nothing for headers no preset names', () => {
    expect(suggestPreset([['When', 'What', 'How much']])).toBeNull();
    expect(suggestPreset([])).toBeNull();
  });
});
