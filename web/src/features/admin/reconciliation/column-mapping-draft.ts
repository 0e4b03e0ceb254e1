import type { StatementLayout } from './reconciliation-api';

/** A column mapping as the server reads it (services/src/reconciliation/statements/column-mapping.ts). */
export type ColumnMapping = StatementLayout['mapping'];
export type AmountKind = ColumnMapping['amounts']['kind'];

/**
 * The date spellings a mapping may name, with an example of each for the picker. The server's list
 * (DATE_FORMATS in services' amounts.ts) cannot be imported here, being a value; a test compares them.
 */
export const DATE_FORMAT_EXAMPLES = {
  'dd/mm/yyyy': '31/03/2026',
  'dd-mm-yyyy': '31-03-2026',
  'dd/mm/yy': '31/03/26',
  'dd-MMM-yyyy': '31-Mar-2026',
  'dd-MMM-yy': '31-Mar-26',
  'dd MMM yyyy': '31 Mar 2026',
  'yyyy-mm-dd': '2026-03-31',
} as const satisfies Record<ColumnMapping['date']['format'], string>;

/** How amounts are written, in the words of someone looking at the file. */
export const AMOUNT_KINDS: Record<AmountKind, string> = {
  split: 'Two columns: withdrawals, deposits',
  signed: 'One column, withdrawals negative',
  marker: 'One column and a Dr/Cr column',
  suffix: 'One column ending in Dr or Cr',
};

/** The mapping editor's inputs, each a text as typed (lists comma-separated). */
export interface MappingDraft {
  headerRow: string;
  dateColumn: string;
  dateFormat: ColumnMapping['date']['format'];
  valueDateColumn: string;
  narration: string;
  reference: string;
  amountKind: AmountKind;
  debitColumn: string;
  creditColumn: string;
  amountColumn: string;
  markerColumn: string;
  creditWords: string;
  debitWords: string;
  balanceColumn: string;
  balanceMarker: string;
  currency: string;
}

const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** A layout (or the account's saved mapping) as the editor starts from it. */
export function draftFromMapping(mapping: ColumnMapping): MappingDraft {
  const amounts = mapping.amounts;
  return {
    headerRow: mapping.headerRow === 'auto' ? '' : String(mapping.headerRow),
    dateColumn: mapping.date.column,
    dateFormat: mapping.date.format,
    valueDateColumn: mapping.valueDate?.column ?? '',
    narration: mapping.narration.join(', '),
    reference: mapping.reference ?? '',
    amountKind: amounts.kind,
    debitColumn: amounts.kind === 'split' ? amounts.debit : '',
    creditColumn: amounts.kind === 'split' ? amounts.credit : '',
    amountColumn: amounts.kind === 'split' ? '' : amounts.amount,
    markerColumn: amounts.kind === 'marker' ? amounts.marker : '',
    creditWords: amounts.kind === 'marker' ? amounts.credit.join(', ') : 'CR',
    debitWords: amounts.kind === 'marker' ? amounts.debit.join(', ') : 'DR',
    balanceColumn: mapping.balance?.column ?? '',
    balanceMarker: mapping.balance?.marker ?? '',
    currency: mapping.currency,
  };
}

/**
 * Columns set by hand with no layout to start from (the layouts could not be loaded): every column
 * empty, the commonest spellings chosen, the rupee.
 */
export function blankDraft(): MappingDraft {
  return {
    headerRow: '',
    dateColumn: '',
    dateFormat: 'dd/mm/yyyy',
    valueDateColumn: '',
    narration: '',
    reference: '',
    amountKind: 'split',
    debitColumn: '',
    creditColumn: '',
    amountColumn: '',
    markerColumn: '',
    creditWords: 'CR',
    debitWords: 'DR',
    balanceColumn: '',
    balanceMarker: '',
    currency: 'INR',
  };
}

/**
 * The mapping the editor's inputs describe, as the server takes it: an empty header row is "find
 * it", empty optional columns are none. What is wrong is left for the server to say (its messages
 * name the field, and stand under it): one set of rules, not two.
 */
export function mappingFromDraft(draft: MappingDraft): Record<string, unknown> {
  const headerRow = draft.headerRow.trim();
  const amounts =
    draft.amountKind === 'split'
      ? { kind: 'split', debit: draft.debitColumn, credit: draft.creditColumn }
      : draft.amountKind === 'marker'
        ? { kind: 'marker', amount: draft.amountColumn, marker: draft.markerColumn, credit: list(draft.creditWords), debit: list(draft.debitWords) }
        : { kind: draft.amountKind, amount: draft.amountColumn };
  const balanceMarker = draft.balanceMarker.trim();
  return {
    headerRow: headerRow === '' ? 'auto' : /^\d+$/.test(headerRow) ? Number(headerRow) : headerRow,
    date: { column: draft.dateColumn, format: draft.dateFormat },
    valueDate: draft.valueDateColumn.trim() === '' ? null : { column: draft.valueDateColumn },
    narration: list(draft.narration),
    reference: draft.reference.trim() === '' ? null : draft.reference,
    amounts,
    balance: draft.balanceColumn.trim() === '' ? null : { column: draft.balanceColumn, ...(balanceMarker ? { marker: balanceMarker } : {}) },
    currency: draft.currency,
  };
}

type FieldOf = (second: string | undefined, kind: AmountKind) => keyof MappingDraft;

/**
 * The input each part of a mapping stands in, given what follows its name in the path ("amounts.credit"
 * is the deposit column in two columns, the deposit words beside a Dr/Cr column; "narration.1" is the
 * narration). Every part has one: TypeScript checks the keys are the mapping's.
 */
const FIELD_OF_PART: Record<keyof ColumnMapping, FieldOf> = {
  headerRow: () => 'headerRow',
  date: (second) => (second === 'format' ? 'dateFormat' : 'dateColumn'),
  valueDate: () => 'valueDateColumn',
  narration: () => 'narration',
  reference: () => 'reference',
  balance: (second) => (second === 'marker' ? 'balanceMarker' : 'balanceColumn'),
  currency: () => 'currency',
  amounts: (second, kind) => {
    if (second === 'debit') return kind === 'marker' ? 'debitWords' : 'debitColumn';
    if (second === 'credit') return kind === 'marker' ? 'creditWords' : 'creditColumn';
    if (second === 'marker') return 'markerColumn';
    if (second === 'amount') return 'amountColumn';
    return 'amountKind';
  },
};

const isPart = (name: string): name is keyof ColumnMapping => Object.hasOwn(FIELD_OF_PART, name);

/** Which input a problem the server names stands under, or null for none. */
export function draftFieldOf(path: string, kind: AmountKind): keyof MappingDraft | null {
  const [head = '', second] = path.split('.');
  return isPart(head) ? FIELD_OF_PART[head](second, kind) : null;
}
