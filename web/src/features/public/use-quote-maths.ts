import { useCallback, useEffect, useState } from 'react';
import type { quoteBuy, quoteSell } from '@desk/machines/pricing/pricing';

type QuoteMaths = { quoteBuy: typeof quoteBuy; quoteSell: typeof quoteSell };

/**
 * The order's own quote functions (machines/src/pricing/pricing.ts), loaded the first time a visitor
 * reaches for the calculator: they need decimal.js, which the landing page's first load leaves out
 * (docs/performance.md). `want()` asks for them; null until they have come (`failed`: they could not be loaded).
 */
export function useQuoteMaths(): { maths: QuoteMaths | null; failed: boolean; want: () => void } {
  const [wanted, setWanted] = useState(false);
  const [maths, setMaths] = useState<QuoteMaths | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted || maths) return;
    let live = true;
    import('@desk/machines/pricing/pricing').then(
      ({ quoteBuy, quoteSell }) => live && setMaths({ quoteBuy, quoteSell }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [wanted, maths]);
  return { maths, failed, want: useCallback(() => setWanted(true), []) };
}
