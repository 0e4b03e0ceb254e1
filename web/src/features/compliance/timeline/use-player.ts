import { useEffect, useState } from 'react';

/** How long each step shows while playing. */
export const STEP_MS = 1000;

/**
 * A step-through player over `count` steps: the current step, and whether it advances by itself
 * (one step a second, stopping on the last). Playing from the last step starts over from the first.
 */
export function usePlayer(count: number) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const last = Math.max(0, count - 1);
  const current = Math.min(index, last);

  useEffect(() => {
    if (!playing) return;
    if (current >= last) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setIndex(current + 1), STEP_MS);
    return () => clearTimeout(timer);
  }, [playing, current, last]);

  const goTo = (next: number) => setIndex(Math.max(0, Math.min(last, next)));
  return {
    index: current,
    count,
    playing,
    atFirst: current === 0,
    atLast: current >= last,
    goTo,
    first: () => goTo(0),
    previous: () => goTo(current - 1),
    next: () => goTo(current + 1),
    last: () => goTo(last),
    play: () => {
      if (current >= last) setIndex(0);
      setPlaying(true);
    },
    pause: () => setPlaying(false),
  };
}

export type Player = ReturnType<typeof usePlayer>;
