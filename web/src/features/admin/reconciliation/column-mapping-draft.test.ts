import { describe, expect, it } from 'vitest';
import { DATE_FORMATS } from '../../../../../services/src/reconciliation/statements/amounts';
import { MAX_STATEMENT_BYTES as SERVER_MAX_BYTES } from '../../../../../services/src/reconciliation/statements/statement-limits';
import { COLUMN_PRESETS } from '../../../../../services/src/reconciliation/statements/column-presets';
import { columnMappingSchema } from '../../../../../services/src/reconciliation/statements/column-mapping';
import { DATE_FORMAT_EXAMPLES, draftFieldOf, draftFromMapping, mappingFromDraft } from './column-mapping-draft';
import { MAX_STATEMENT_BYTES } from './statement-upload-card';

describe('the column mapping editor', () => {
  it("offers the server's date spellings and refuses files past the server's size, no more and no fewer", () => {
    expect(Object.keys(DATE_FORMAT_EXAMPLES)).toEqual([...DATE_FORMATS]);
    expect(MAX_STATEMENT_BYTES).toBe(SERVER_MAX_BYTES);
  });

  it('gives back every layout unchanged when its columns are left as they are, as the server reads it', () => {
    for (const preset of COLUMN_PRESETS) {
      const mapping = mappingFromDraft(draftFromMapping(preset.mapping));
      expect(columnMappingSchema.parse(mapping), preset.id).toEqual(preset.mapping);
    }
  });

  it('reads empty inputs as "find it" and "none", lists as comma-separated, a typed row number as a number', () => {
    const draft = {
      ...draftFromMapping(COLUMN_PRESETS[0]!.mapping),
      headerRow: ' 7 ',
      valueDateColumn: ' ',
      reference: '',
      balanceColumn: '',
      narration: 'A, ,B ,',
    };
    expect(mappingFromDraft(draft)).toMatchObject({ headerRow: 7, valueDate: null, reference: null, balance: null, narration: ['A', 'B'] });
    // What is not a row number goes to the server as typed, to be refused there in its words.
    expect(mappingFromDraft({ ...draft, headerRow: 'row 3' }).headerRow).toBe('row 3');
    expect(mappingFromDraft({ ...draft, headerRow: '' }).headerRow).toBe('auto');
    expect(mappingFromDraft({ ...draft, amountKind: 'suffix', amountColumn: 'Amount' }).amounts).toEqual({ kind: 'suffix', amount: 'Amount' });
    expect(mappingFromDraft({ ...draft, balanceColumn: 'Bal', balanceMarker: 'Dr / Cr #2' }).balance).toEqual({ column: 'Bal', marker: 'Dr / Cr #2' });
  });

  it("puts the server's problem under the input it names", () => {
    expect(draftFieldOf('amounts.credit', 'split')).toBe('creditColumn');
    expect(draftFieldOf('amounts.credit', 'marker')).toBe('creditWords');
    expect(draftFieldOf('amounts.debit.0', 'marker')).toBe('debitWords');
    expect(draftFieldOf('amounts', 'split')).toBe('amountKind');
    expect(draftFieldOf('date.format', 'split')).toBe('dateFormat');
    expect(draftFieldOf('date.column', 'split')).toBe('dateColumn');
    expect(draftFieldOf('narration.1', 'split')).toBe('narration');
    expect(draftFieldOf('balance.marker', 'split')).toBe('balanceMarker');
    expect(draftFieldOf('somethingElse', 'split')).toBeNull();
  });
});
