/**
 * Whether the name a bank printed for a payer is the customer's saved account holder (issue 28's
 * third-party payment check). 'different' flags the payment for an admin (it refuses nothing), so
 * it is said only on evidence: a whole name part on each side that matches nothing on the other
 * ("Anil Kumar" for "Ravi Kumar", "Acme Traders" for "Ravi Kumar"). Whatever cannot be told
 * either way is 'unknown'.
 *
 * What is not a difference: case, dots, commas and spaces; the order of the parts ("KUMAR RAVI");
 * honorifics in front ("MR", "SHRI", "SMT", "M/S"); a firm's "PVT LTD" or "PRIVATE LIMITED";
 * initials ("R KUMAR", "R.K. SHARMA"), also a South Indian father's or village initial the bank
 * adds ("RAVI KUMAR S"); two parts written as one ("RAVIKUMAR"); "MD" and "MOHD" and the common
 * spellings of Mohammed; and truncation: banks cut names to a field's width (10 characters in
 * ICICI's IMPS lines, 20 to 35 elsewhere), so the payer's last part may be the start of the
 * holder's and the holder's last parts may be missing.
 */

export type NamesAgree = 'same' | 'different' | 'unknown';

const HONORIFICS = /^(?:(?:MR|MRS|MS|MISS|MASTER|SHRI|SRI|SMT|SHRIMATI|KUM|KUMARI|DR|M\/S|MESSRS|MESSERS)(?:\.\s*|\s+))+/;
const FIRM_WORDS = new Set(['PVT', 'PRIVATE', 'LTD', 'LIMITED', 'LLP', 'CO', 'COMPANY', 'INC', 'CORP', 'CORPORATION']);
const SAME_NAME: Record<string, string> = {
  MD: 'MOHAMMAD',
  MOHD: 'MOHAMMAD',
  MOHAMMED: 'MOHAMMAD',
  MOHAMED: 'MOHAMMAD',
  MUHAMMAD: 'MOHAMMAD',
  MUHAMMED: 'MOHAMMAD',
};
/** Names shorter than this are cut to a field's width by no bank we know of; only longer ones may end in a part cut short. */
const SHORTEST_CUT = 10;

function partsOf(name: string): string[] {
  const words = name.toUpperCase().replace(/\s+/g, ' ').trim().replace(HONORIFICS, '');
  return words
    .replace(/['’`]/g, '')
    .split(/[^A-Z]+/)
    .filter((part) => part !== '' && !FIRM_WORDS.has(part))
    .map((part) => SAME_NAME[part] ?? part);
}

/** "RAVIKUMAR" on one side for "RAVI" and "KUMAR" on the other: the two parts become the one. */
function joinWrittenTogether(parts: string[], other: readonly string[]): string[] {
  const joined = [...parts];
  for (const whole of other) {
    if (whole.length < 6 || joined.includes(whole)) continue;
    pairs: for (const [i, first] of joined.entries())
      for (const [j, second] of joined.entries())
        if (i !== j && first + second === whole) {
          joined.splice(Math.max(i, j), 1);
          joined.splice(Math.min(i, j), 1, whole);
          break pairs;
        }
  }
  return joined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (const [i, charA] of [...a].entries()) {
    const current = [i + 1];
    for (const [j, charB] of [...b].entries())
      current.push(Math.min((previous[j + 1] ?? 0) + 1, (current[j] ?? 0) + 1, (previous[j] ?? 0) + (charA === charB ? 0 : 1)));
    previous = current;
  }
  return previous[b.length] ?? 0;
}

type Kind = 'exact' | 'spelling' | 'cut' | 'initial';

export function namesAgree(accountHolder: string, payerName: string): NamesAgree {
  const letters = (text: string) => (text.match(/[A-Za-z]/g) ?? []).length;
  let holder = partsOf(accountHolder);
  let payer = partsOf(payerName);
  if (letters(holder.join('')) < 3 || letters(payer.join('')) < 3) return 'unknown';
  if (holder.every((part) => part.length === 1) || payer.every((part) => part.length === 1)) return 'unknown';
  holder = joinWrittenTogether(holder, payer);
  payer = joinWrittenTogether(payer, holder);

  const holderUsed = holder.map(() => false);
  const payerUsed = payer.map(() => false);
  const found: Kind[] = [];
  const mayBeCut = payerName.trim().length >= SHORTEST_CUT;
  const pair = (kind: Kind, fits: (p: string, h: string, pIndex: number) => boolean) => {
    for (const [pIndex, p] of payer.entries()) {
      if (payerUsed[pIndex]) continue;
      const hIndex = holder.findIndex((h, index) => !holderUsed[index] && fits(p, h, pIndex));
      if (hIndex < 0) continue;
      payerUsed[pIndex] = true;
      holderUsed[hIndex] = true;
      found.push(kind);
    }
  };
  pair('exact', (p, h) => p.length > 1 && p === h);
  pair('spelling', (p, h) => p.length >= 4 && h.length >= 4 && editDistance(p, h) <= (Math.min(p.length, h.length) >= 7 ? 2 : 1));
  pair('cut', (p, h, pIndex) => mayBeCut && pIndex === payer.length - 1 && p.length > 1 && h.startsWith(p));
  pair('initial', (p, h) => (p.length === 1 || h.length === 1) && p[0] === h[0]);

  const payerLeft = payer.filter((part, index) => !payerUsed[index] && part.length > 1);
  const holderLeft = holder.filter((part, index) => !holderUsed[index] && part.length > 1);
  const count = (kind: Kind) => found.filter((each) => each === kind).length;
  const wholeParts = count('exact') + count('spelling') + count('cut');

  if (payerLeft.length > 0 && holderLeft.length > 0) return 'different';
  // Two initials that differ ("RAVI KUMAR S", "Ravi Kumar T") may be two people, or one written two ways.
  if (payer.some((part, index) => !payerUsed[index] && part.length === 1) && holder.some((part, index) => !holderUsed[index] && part.length === 1))
    return 'unknown';
  if (count('exact') === 0 || payerLeft.length > 0) return 'unknown';
  if (holderLeft.length > 0) return wholeParts >= 2 ? 'same' : 'unknown';
  return 'same';
}
