/**
 * ISO 20022 camt.053 (BankToCustomerStatement), versions .001.02 to .001.08 as Indian and
 * international banks send them. The namespace (which names the version) is ignored: the elements
 * read here mean the same in every version, and where a version moved one (the status, the related
 * parties' names) both places are read.
 */
import { StatementProblem, type ParsedStatement, type StatedBalance } from '@desk/machines/reconciliation/statement';
import { checkLinesAddUp, joinPages, signedMoneyText, type StatementPage } from './statement-amounts';
import { amountOf, dateIn, directionOf, isBooked, lineOfEntry } from './camt053-entry';
import { at, attributeOf, elements, lineFinder, parseStatementXml, startOf, textOf, type XmlElement } from './camt053-xml';

/** A balance of the given type code (`OPBD`, `PRCD`, `CLBD`), signed by its `CdtDbtInd`; null when the statement has none. */
function balanceOf(statement: XmlElement, code: string, line: number | null): StatedBalance | null {
  const balance = elements(statement, 'Bal').find((candidate) => {
    const type = at(candidate, 'Tp', 'CdOrPrtry');
    return (textOf(at(type, 'Cd')) || textOf(at(type, 'Prtry'))) === code;
  });
  if (!balance) return null;
  const on = dateIn(at(balance, 'Dt'), `${code} balance date`, line);
  if (!on) throw new StatementProblem(`The ${code} balance has no date.`, line);
  return { on, amount: signedMoneyText(amountOf(balance, line), directionOf(balance, line) === 'debit') };
}

/** The account's currency: the account's own `Ccy`, else the one its balances are in. */
function currencyOf(statement: XmlElement): string | null {
  const own = textOf(at(statement, 'Acct', 'Ccy'));
  if (own) return own;
  const balance = elements(statement, 'Bal')[0];
  return attributeOf(at(balance, 'Amt'), 'Ccy') || null;
}

function readStatement(statement: XmlElement, lineAt: (node: XmlElement) => number | null): ParsedStatement {
  const where = lineAt(statement);
  const currency = currencyOf(statement);
  const lines = elements(statement, 'Ntry').flatMap((entry) => {
    const line = lineAt(entry);
    return isBooked(entry, line) ? [lineOfEntry(entry, currency, line)] : [];
  });
  const parsed: ParsedStatement = {
    format: 'camt053',
    accountNumber: textOf(at(statement, 'Acct', 'Id', 'IBAN')) || textOf(at(statement, 'Acct', 'Id', 'Othr', 'Id')) || null,
    currency,
    openingBalance: balanceOf(statement, 'OPBD', where) ?? balanceOf(statement, 'PRCD', where),
    closingBalance: balanceOf(statement, 'CLBD', where),
    lines,
  };
  checkLinesAddUp(parsed, where);
  return parsed;
}

/** Every `Stmt` in the file, in order, with the line it starts on. */
function readPages(xml: string): StatementPage[] {
  const text = xml.replace(/^\uFEFF/, '');
  const document = parseStatementXml(text);
  const root = at(document, 'Document', 'BkToCstmrStmt');
  if (!root) {
    throw new StatementProblem('The file is XML but not a camt.053 bank statement (no Document/BkToCstmrStmt).', 1);
  }
  const findLine = lineFinder(text);
  const lineAt = (node: XmlElement) => {
    const start = startOf(node);
    return start === null ? null : findLine(start);
  };
  const statements = elements(root, 'Stmt');
  if (statements.length === 0) throw new StatementProblem('The camt.053 file holds no statement (Stmt).', lineAt(root));
  return statements.map((statement) => ({ statement: readStatement(statement, lineAt), line: lineAt(statement) }));
}

/** Every `Stmt` in the file, in order, each with its booked lines. */
export function readCamt053Statements(xml: string): ParsedStatement[] {
  return readPages(xml).map((page) => page.statement);
}

/**
 * The file's statement of one account. Several `Stmt`s of the same account are pages, joined in
 * order (each must open where the one before closed); statements of several accounts are refused:
 * the desk imports one account's statement at a time.
 */
export function readCamt053(xml: string): ParsedStatement {
  return joinPages(readPages(xml));
}
