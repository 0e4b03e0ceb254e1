/**
 * An MT940 file cut into its tags, each with the line it starts on. Banks send the message bare
 * or wrapped in SWIFT blocks (`{1:…}{2:…}{4:` … `-}`), with CRLF or LF, sometimes several messages
 * one after another separated by a `-` line; the blocks' headers and trailers are skipped, and the
 * lines after a tag up to the next one are its continuation lines.
 */
import { StatementProblem } from '@desk/machines/reconciliation/statement';

export interface Mt940Tag {
  /** "20", "25", "28C", "60F", "61", "86" … */
  name: string;
  /** The text after `:name:` and each continuation line, as written (trailing spaces cut). */
  lines: string[];
  /** 1-based line in the file where the tag starts. */
  line: number;
}

const TAG = /^:(\d{2}[A-Z]?|NS):(.*)$/;

/** The tags the reader understands or knowingly passes over; any other is refused, not skipped. */
const KNOWN = new Set(['20', '21', '13D', '25', '25P', '28C', '28', '60F', '60M', '61', '86', '62F', '62M', '64', '65', 'NS']);

/** A line holding only block markers: `{1:F01…}{2:O940…}{4:`, `-}`, `-}{5:{CHK:…}}`, or a lone `-`. */
function blockText(text: string): string | null {
  if (text === '-' || text.startsWith('-}')) return '';
  if (!text.startsWith('{')) return null;
  const body = text.indexOf('{4:');
  // What follows `{4:` on the same line is the message's first line (some banks do not break there).
  return body === -1 ? '' : text.slice(body + 3);
}

export function mt940Tags(text: string): Mt940Tag[] {
  const tags: Mt940Tag[] = [];
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  rows.forEach((raw, index) => {
    const line = index + 1;
    const row = raw.replace(/\s+$/, '');
    const inBlock = blockText(row.trimStart());
    const content = inBlock ?? row;
    if (content === '') return;
    const match = TAG.exec(content);
    if (match) {
      const name = match[1] ?? '';
      if (!KNOWN.has(name)) throw new StatementProblem(`The tag :${name}: is not one an MT940 statement carries.`, line);
      tags.push({ name, lines: [match[2] ?? ''], line });
      return;
    }
    const current = tags.at(-1);
    if (!current) throw new StatementProblem('The file does not start with an MT940 tag such as :20:.', line);
    current.lines.push(content);
  });
  return tags;
}
