/**
 * Seconds left until `deadline` (ms), never negative. Deadlines are built from the API's
 * `expires_in` and the moment the answer arrived, so a browser clock that is off does not matter.
 */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** 905 → "15:05"; 59 → "0:59"; hours when there are any: 3725 → "1:02:05". */
export function formatClock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** For screen readers: 905 → "15 minutes 5 seconds". */
export function describeDuration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  const parts = [m > 0 && `${m} minute${m === 1 ? '' : 's'}`, (s > 0 || m === 0) && `${s} second${s === 1 ? '' : 's'}`].filter(Boolean);
  return parts.join(' ');
}
