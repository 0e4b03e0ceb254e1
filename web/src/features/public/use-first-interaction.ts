import { useEffect, useState } from 'react';

const INTERACTIONS = ['pointermove', 'pointerdown', 'keydown', 'focusin', 'scroll', 'touchstart', 'wheel'] as const;

/**
 * Whether the visitor has done anything on the page yet (moved the pointer, touched, scrolled,
 * pressed a key). Code that only matters once someone uses the page (the landing's calculator and
 * the decimal maths under it) waits for this, so the first load stays small (docs/performance.md).
 */
export function useFirstInteraction(): [boolean, () => void] {
  const [happened, setHappened] = useState(false);
  useEffect(() => {
    if (happened) return;
    const done = () => setHappened(true);
    for (const type of INTERACTIONS) window.addEventListener(type, done, { once: true, passive: true, capture: true });
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, done, { capture: true });
    };
  }, [happened]);
  return [happened, () => setHappened(true)];
}
