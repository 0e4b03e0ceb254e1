import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Whole seconds left until a deadline (the 30 s OTP resend wait of seed-spec section 9).
 * It reads the clock on each tick instead of counting ticks, so a throttled background tab still
 * shows the true wait when it wakes; several ticks a second keep the display from lagging.
 */
export function useCountdown() {
  const deadline = useRef(0);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const running = secondsLeft > 0;

  const start = useCallback((seconds: number) => {
    deadline.current = Date.now() + seconds * 1000;
    setSecondsLeft(Math.max(0, Math.ceil(seconds)));
  }, []);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setSecondsLeft(Math.max(0, Math.ceil((deadline.current - Date.now()) / 1000))), 250);
    return () => clearInterval(timer);
  }, [running]);

  return { secondsLeft, running, start };
}
