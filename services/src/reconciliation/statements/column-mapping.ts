/**
 * How to read one bank account's CSV or XLSX statement: which row holds the headers, and which
 * columns hold the date, the narration, the amount and the balance. An admin saves one per bank
 * account (or starts from a preset, column-presets.ts). Columns are named by their header text, not
 * their position, so a mapping survives the bank adding a column; the names are matched ignoring
 * case, dots and spaces ("Chq./Ref.No." is "chq / ref no"). A header the file repeats (Kotak's two
 * "Dr / Cr" columns) is named with "#2" for its second occurrence: "Dr / Cr #2".
 */
import { z } from 'zod';
import { DATE_FORMATS } from './amounts';

const column = z
  .string({ error: 'Name the column as its header reads in the file, e.g. "Narration"' })
  .trim()
  .min(1, 'Name the column as its header reads in the file, e.g. "Narration"')
  .max(100, 'A column name is at most 100 characters');

const dateFormat = z.enum(DATE_FORMATS, {
  error: `Choose how the dates are written: one of ${DATE_FORMATS.join(', ')}`,
});

const HEADER_ROW = 'The header row is a row number (1 for the first row, up to 1000) or "auto" (the first row holding the date and amount headers)';

const markerWords = z
  .array(z.string().trim().min(1, 'A Dr/Cr marker cannot be blank').max(20), {
    error: 'List the words the marker column uses, e.g. ["CR", "C"]',
  })
  .min(1, 'List at least one word the marker column uses')
  // A marker column says credit or debit in a word or two; a list of thousands made every row scan
  // it (a security review held the server for a minute with one).
  .max(10, 'List at most 10 words the marker column uses');

const amounts = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('split'), debit: column, credit: column }),
    z.object({ kind: z.literal('signed'), amount: column }),
    z.object({ kind: z.literal('marker'), amount: column, marker: column, credit: markerWords, debit: markerWords }),
    z.object({ kind: z.literal('suffix'), amount: column }),
  ],
  {
    error:
      'Say how amounts are written: "split" (a Debit and a Credit column), "signed" (one column, negative for debits), ' +
      '"marker" (an amount column and a Dr/Cr column) or "suffix" (one column, "1,234.00 Cr")',
  },
);

export const columnMappingSchema = z
  .object({
    headerRow: z.union([z.literal('auto'), z.number().int(HEADER_ROW).min(1, HEADER_ROW).max(1000, HEADER_ROW)], { error: HEADER_ROW }),
    date: z.object({ column, format: dateFormat }),
    valueDate: z.object({ column, format: dateFormat.optional() }).nullable().default(null),
    narration: z
      .union([column.transform((name) => [name]), z.array(column).min(1, 'Name at least one narration column').max(5)], {
        // Without its own words a union says only "Invalid input" (the screens showed it for an empty narration).
        error: 'Name the narration column by its heading, or list up to 5 columns to join',
      })
      .describe('One column, or several joined by a space'),
    reference: column.nullable().default(null),
    amounts,
    balance: z.object({ column, marker: column.optional() }).nullable().default(null),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'The currency is a three-letter code such as INR')
      .default('INR'),
  })
  .superRefine((mapping, context) => {
    const amountColumns = amountColumnsOf(mapping.amounts);
    const roles: [string, string][] = [['the date', mapping.date.column], ...amountColumns.map((name): [string, string] => ['an amount', name])];
    if (mapping.balance) roles.push(['the balance', mapping.balance.column]);
    const seen = new Map<string, string>();
    for (const [role, name] of roles) {
      const key = headerKey(name);
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        context.addIssue({ code: 'custom', path: ['amounts'], message: `"${name}" cannot be both ${earlier} and ${role} column` });
      }
      seen.set(key, role);
    }
    if (mapping.amounts.kind === 'marker') {
      const credit = new Set(mapping.amounts.credit.map((word) => word.toUpperCase()));
      const both = mapping.amounts.debit.filter((word) => credit.has(word.toUpperCase()));
      if (both.length > 0) {
        context.addIssue({ code: 'custom', path: ['amounts', 'debit'], message: `"${both[0]}" cannot mean both a credit and a debit` });
      }
    }
  });

export type ColumnMapping = z.infer<typeof columnMappingSchema>;
/** A mapping as an admin or a preset writes it, before the defaults are filled in. */
export type ColumnMappingInput = z.input<typeof columnMappingSchema>;
export type AmountColumns = ColumnMapping['amounts'];

/** The columns that must be found on the header row (the date and the amounts). */
export function amountColumnsOf(amounts: AmountColumns): string[] {
  switch (amounts.kind) {
    case 'split':
      return [amounts.debit, amounts.credit];
    case 'marker':
      return [amounts.amount, amounts.marker];
    default:
      return [amounts.amount];
  }
}

/** A header as compared: case, dots and spaces ignored ("Chq./Ref.No." → "chq/refno"). */
export function headerKey(text: string): string {
  return text.toLowerCase().replace(/[\s.]+/g, '');
}

/** A column's name and which occurrence of it ("Dr / Cr #2" → the second "Dr / Cr"). */
export function columnReference(name: string): { key: string; occurrence: number } {
  const match = /^(.*?)\s*#(\d+)$/.exec(name.trim());
  if (match && match[1] !== '') return { key: headerKey(match[1]!), occurrence: Number(match[2]) };
  return { key: headerKey(name), occurrence: 1 };
}

/** Reads an admin's mapping; the errors name the field and say what to write. */
export function parseColumnMapping(input: unknown): ColumnMapping {
  return columnMappingSchema.parse(input);
}
