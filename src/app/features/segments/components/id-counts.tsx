import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { formatNumber } from '../../../lib/format';
import type { ParsedIds } from '../model/parse-ids';

function Count({ label, value, tone }: { label: string; value: number | undefined; tone?: 'warning' | 'error' }) {
  const id = useId();
  return (
    <Box role="group" aria-labelledby={id} sx={{ px: 2, py: 1.25, border: 1, borderColor: tone ? `${tone}.main` : 'divider', borderRadius: 1, minWidth: 120 }}>
      <Typography variant="h3" component="p" sx={{ color: tone ? `${tone}.main` : 'text.primary' }}>
        {formatNumber(value)}
      </Typography>
      <Typography id={id} variant="caption" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
    </Box>
  );
}

/** The counts of a paste before it is sent: what was found, what is sent, what was dropped and why. */
export function IdCounts({ parsed, parsing }: { parsed: ParsedIds | null; parsing: boolean }) {
  return (
    <Box role="status" aria-live="polite" aria-busy={parsing} aria-label="Customer id counts">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, opacity: parsing ? 0.6 : 1, transition: 'opacity 120ms' }}>
        <Count label="Pasted" value={parsed?.pasted ?? 0} />
        <Count label="Unique" value={parsed?.ids.length ?? 0} tone={parsed?.overLimit ? 'error' : parsed?.overSegment ? 'warning' : undefined} />
        <Count label="Duplicates removed" value={parsed?.duplicates ?? 0} />
        <Count label="Malformed" value={parsed?.malformed ?? 0} tone={parsed?.malformed ? 'warning' : undefined} />
      </Box>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1, minHeight: '1.5em' }}>
        {parsing ? 'Counting…' : parsed?.malformed ? `Malformed entries are left out (a customer id or source id has at most 200 characters): ${parsed.malformedExamples.join(', ')}${parsed.malformed > parsed.malformedExamples.length ? ', …' : ''}` : ' '}
      </Typography>
    </Box>
  );
}
