/**
 * One camt.053 `Ntry` as a statement line. Banks put the UTR of an IMPS, NEFT, RTGS or UPI payment
 * in different fields (the free text, the unstructured remittance, the end-to-end id, the
 * transaction id, the clearing system's reference), so the narration joins every one of them: the
 * matcher finds the UTR wherever this bank put it.
 */
import { StatementProblem, type StatementLine } from '@desk/machines/reconciliation/statement';
import { moneyText } from './statement-amounts';
import { all, at, attributeOf, elements, textOf, type XmlElement } from './camt053-xml';

const ISO_DATE = /^(\d{4}-\d{2}-\d{2})(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/;

/** A `Dt` or `DtTm` under `parent` as yyyy-mm-dd (a date-time's own date, as the bank wrote it); null when absent. */
export function dateIn(parent: XmlElement | undefined, where: string, line: number | null): string | null {
  const text = textOf(at(parent, 'Dt')) || textOf(at(parent, 'DtTm'));
  if (!text) return null;
  const match = ISO_DATE.exec(text);
  const day = match?.[1];
  if (!day || Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) {
    throw new StatementProblem(`The ${where} "${text}" is not a date.`, line);
  }
  return day;
}

/** `CRDT` or `DBIT` as a direction. */
export function directionOf(parent: XmlElement | undefined, line: number | null): 'credit' | 'debit' {
  const indicator = textOf(at(parent, 'CdtDbtInd'));
  if (indicator === 'CRDT') return 'credit';
  if (indicator === 'DBIT') return 'debit';
  throw new StatementProblem(`The credit/debit indicator "${indicator}" is neither CRDT nor DBIT.`, line);
}

/** An `Amt` as "25000.00", or refused. */
export function amountOf(parent: XmlElement | undefined, line: number | null): string {
  const text = textOf(at(parent, 'Amt'));
  const amount = moneyText(text);
  if (amount === null) throw new StatementProblem(`The amount "${text}" is not an amount in rupees and paise.`, line);
  return amount;
}

/** Whether the entry is booked: `<Sts>BOOK</Sts>` up to .001.07, `<Sts><Cd>BOOK</Cd></Sts>` from .001.08. */
export function isBooked(entry: XmlElement, line: number | null): boolean {
  const status = at(entry, 'Sts');
  const code = textOf(at(status, 'Cd')) || textOf(at(status, 'Prtry')) || textOf(status);
  if (!code) throw new StatementProblem('An entry has no status (Sts), so it cannot be told booked or pending.', line);
  return code === 'BOOK';
}

/** The counterparty's name: the debtor's on a credit, the creditor's on a debit (`Dbtr/Nm` to .001.07, `Dbtr/Pty/Nm` from .001.08). */
function counterpartyNames(details: XmlElement, direction: 'credit' | 'debit'): string[] {
  const role = direction === 'credit' ? 'Dbtr' : 'Cdtr';
  return all(details, 'RltdPties', role).map((party) => textOf(at(party, 'Nm')) || textOf(at(party, 'Pty', 'Nm')));
}

/** The references that may hold a UTR; `NOTPROVIDED` is the schema's way to say there is none. */
function references(details: XmlElement): string[] {
  const refs = at(details, 'Refs');
  const endToEnd = textOf(at(refs, 'EndToEndId'));
  return [endToEnd === 'NOTPROVIDED' ? '' : endToEnd, textOf(at(refs, 'TxId')), textOf(at(refs, 'ClrSysRef'))];
}

/** The narration: the entry's free text, then per transaction its remittance lines, counterparty and references; repeats dropped. */
function narrationOf(entry: XmlElement, direction: 'credit' | 'debit'): string {
  const parts = elements(entry, 'AddtlNtryInf').map(textOf);
  for (const details of all(entry, 'NtryDtls', 'TxDtls')) {
    parts.push(...all(details, 'RmtInf', 'Ustrd').map(textOf));
    parts.push(...elements(details, 'AddtlTxInf').map(textOf));
    parts.push(...counterpartyNames(details, direction));
    parts.push(...references(details));
  }
  const seen = new Set<string>();
  return parts
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter((part) => part !== '' && !seen.has(part) && seen.add(part))
    .join(' ');
}

/**
 * A booked entry as a line. A reversal (`RvslInd`) keeps the indicator the bank booked it with:
 * that is the way the money moved. An entry in another currency than the account's is refused: its
 * amount is not this account's money.
 */
export function lineOfEntry(entry: XmlElement, currency: string | null, line: number | null): StatementLine {
  const bookedOn = dateIn(at(entry, 'BookgDt'), 'booking date', line);
  if (!bookedOn) throw new StatementProblem('A booked entry has no booking date (BookgDt).', line);
  const direction = directionOf(entry, line);
  const entryCurrency = attributeOf(at(entry, 'Amt'), 'Ccy');
  if (currency && entryCurrency && entryCurrency !== currency) {
    throw new StatementProblem(`An entry is in ${entryCurrency} but the account is in ${currency}.`, line);
  }
  const entryReference = textOf(at(entry, 'AcctSvcrRef'));
  const transactionReferences = all(entry, 'NtryDtls', 'TxDtls', 'Refs', 'AcctSvcrRef').map(textOf);
  return {
    bookedOn,
    valueOn: dateIn(at(entry, 'ValDt'), 'value date', line),
    direction,
    amount: amountOf(entry, line),
    narration: narrationOf(entry, direction),
    bankReference: entryReference || (transactionReferences.length === 1 ? transactionReferences[0] || null : null),
    balanceAfter: null,
  };
}
