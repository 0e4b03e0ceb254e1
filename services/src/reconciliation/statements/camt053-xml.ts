/**
 * The XML under a camt.053 reader, read safely. The file comes from an admin's upload, so it must
 * not be a way to read the server's files or exhaust its memory:
 * - a document type declaration (DTD) is refused before parsing: a bank statement never carries
 *   one, and every entity trick (external entities reading files, "billion laughs" expansion)
 *   needs one to declare its entities;
 * - fast-xml-parser runs with `processEntities: false`, so nothing is expanded even if a DTD got
 *   through, and it never fetches anything (it has no external entity support at all);
 * - only the five escapes XML itself defines (&amp; &lt; &gt; &quot; &apos;) and character
 *   references are decoded, by `decodeXmlEscapes`, one character each: they cannot grow text;
 * - `parseTagValue: false` keeps every value the text the bank wrote ("000123", "25000.50"), never
 *   a JavaScript number.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { StatementProblem } from '@desk/machines/reconciliation/statement';

/** An element: its child elements (always arrays, in document order), attributes ("@_Ccy") and text ("#text"). */
export interface XmlElement {
  [name: string]: XmlValue[] | string | undefined;
}
/** A child: an element, or the text of a leaf element with no attributes. */
export type XmlValue = XmlElement | string;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
  captureMetaData: true,
});
const metadata = XMLParser.getMetaDataSymbol() as symbol;

const DTD = /<!(DOCTYPE|ENTITY)/i;

/** The 1-based line of a character offset in `text` (offsets of line starts found once, then halved into). */
export function lineFinder(text: string): (index: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (index) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if ((starts[middle] ?? 0) <= index) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}

/** Parses the document into elements, or refuses it with the line at fault. */
export function parseStatementXml(xml: string): XmlElement {
  const dtd = DTD.exec(xml);
  if (dtd) {
    throw new StatementProblem('The file declares a document type (DTD); bank statements never do, so it is refused.', lineFinder(xml)(dtd.index));
  }
  try {
    const valid = XMLValidator.validate(xml);
    if (valid !== true) throw new StatementProblem(`The file is not well-formed XML: ${valid.err.msg}`, valid.err.line);
    return parser.parse(xml) as XmlElement;
  } catch (error) {
    if (error instanceof StatementProblem) throw error;
    // The parser's own limits (nesting past 100 levels) throw plain errors: the file is refused, not a 500.
    throw new StatementProblem(`The file is not an XML statement the desk reads: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The character offset an element starts at, when the parser recorded it. */
export function startOf(element: XmlElement): number | null {
  return (element as unknown as Record<symbol, { startIndex?: number } | undefined>)[metadata]?.startIndex ?? null;
}

/** Every child element called `name`, in order. */
export function elements(parent: XmlElement | undefined, name: string): XmlElement[] {
  const children = parent?.[name];
  if (!Array.isArray(children)) return [];
  return children.map((child) => (typeof child === 'string' ? { '#text': child } : child));
}

/** The first element down a path of names (`at(stmt, 'Acct', 'Id', 'IBAN')`). */
export function at(parent: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let node = parent;
  for (const name of path) node = elements(node, name)[0];
  return node;
}

/** Every element down a path, following every branch (`all(ntry, 'NtryDtls', 'TxDtls')`). */
export function all(parent: XmlElement | undefined, ...path: string[]): XmlElement[] {
  let nodes = parent ? [parent] : [];
  for (const name of path) nodes = nodes.flatMap((node) => elements(node, name));
  return nodes;
}

/** An element's text, escapes decoded and spaces trimmed; '' when absent. */
export function textOf(element: XmlElement | undefined): string {
  const text = element?.['#text'];
  return typeof text === 'string' ? decodeXmlEscapes(text).trim() : '';
}

/** An attribute's value ('' when absent). */
export function attributeOf(element: XmlElement | undefined, name: string): string {
  const value = element?.[`@_${name}`];
  return typeof value === 'string' ? decodeXmlEscapes(value).trim() : '';
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * A character XML allows (its Char production): a reference to any other (NUL, a control
 * character, half of a surrogate pair) is not well-formed XML, and such text could not be stored
 * (a lone surrogate failed the event's canonical JSON with a 500: security review, issue 28).
 */
const isXmlChar = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);

/** XML's own five escapes and character references; anything else (an undeclared entity) is left as written. */
export function decodeXmlEscapes(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos);/g, (whole, name: string) => {
    if (!name.startsWith('#')) return NAMED[name] ?? whole;
    const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    if (!isXmlChar(code)) throw new StatementProblem(`The file refers to a character XML does not allow (${whole}): it is not a bank's statement as sent`);
    return String.fromCodePoint(code);
  });
}
