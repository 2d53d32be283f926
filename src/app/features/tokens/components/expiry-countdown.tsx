import Chip from '@mui/material/Chip';
import { useSecondsLeft } from '../hooks/use-seconds-left';
import { describeDuration, formatClock } from '../model/time-left';

/** "Expires in 14:59", counting down each second; "Expired" at zero. */
export function ExpiryCountdown({ deadline, label = 'Expires in' }: { deadline: number; label?: string }) {
  const left = useSecondsLeft(deadline);
  if (left === 0) return <Chip color="error" label="Expired" />;
  return (
    <Chip
      color={left <= 60 ? 'warning' : 'default'}
      variant="outlined"
      // The visible clock ticks every second; the accessible name says it in words.
      aria-label={`${label} ${describeDuration(left)}`}
      label={
        <>
          {label} <span style={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>{formatClock(left)}</span>
        </>
      }
    />
  );
}
