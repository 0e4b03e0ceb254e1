export type ContentCoding = 'br' | 'gzip';

/**
 * The coding to answer with, from an `Accept-Encoding` header (RFC 9110 §12.5.3), among `offered`
 * in the server's order of preference; null for the plain body. Weights are honoured: `q=0`
 * refuses a coding, `*` stands for any coding not named, and the highest weight wins, ties going
 * to the server's order (brotli first: it is smaller).
 */
export function chooseEncoding(header: string | undefined, offered: readonly ContentCoding[] = ['br', 'gzip']): ContentCoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  let best: ContentCoding | null = null;
  let bestWeight = 0;
  for (const coding of offered) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [coding, weight];
  }
  return best;
}
