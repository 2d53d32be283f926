import { useEffect, useRef, useState } from 'react';

/**
 * `value`, but passed on at most once per `intervalMs` while it keeps changing; the latest value
 * always arrives in the end, and at once when `flush` is true. While a hundred pages stream in, the
 * map and the list redraw a few times a second instead of once per page.
 */
export function useThrottledValue<T>(value: T, intervalMs: number, flush: boolean): T {
  const [passed, setPassed] = useState(value);
  const lastPassedAt = useRef(0);
  useEffect(() => {
    const wait = flush ? 0 : Math.max(0, lastPassedAt.current + intervalMs - Date.now());
    const timer = setTimeout(() => {
      lastPassedAt.current = Date.now();
      setPassed(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, intervalMs, flush]);
  return passed;
}
