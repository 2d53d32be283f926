import { useEffect, useState } from 'react';
import { secondsLeft } from '../model/time-left';

/** Seconds left until `deadline` (ms since epoch), ticking every second until it reaches zero. */
export function useSecondsLeft(deadline: number): number {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(deadline, now);
  const running = left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running]);
  return left;
}
