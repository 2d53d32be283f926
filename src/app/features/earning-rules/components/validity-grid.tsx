import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { EarningValidityHours } from '../../../../contract/earning-rule';
import { weeklyGrid } from '../model/validity-grid';

const hourMarks = [0, 3, 6, 9, 12, 15, 18, 21];
/** The shaded hours need room; on a phone the windows in text say the same. */
const hoursColumn = { display: { xs: 'none', sm: 'table-cell' } } as const;

/**
 * The week (UTC) as a grid: one row per day, 24 hour cells shaded where the rule can earn, and the
 * windows in text beside them, which is what screen readers and tests read.
 */
export function ValidityGrid({ validity, daysOfWeek }: { validity: EarningValidityHours; daysOfWeek?: readonly number[] }) {
  const days = weeklyGrid(validity, daysOfWeek);
  return (
    <Table aria-label="Validity hours (UTC)" sx={{ '& td, & th': { borderBottom: 'none', py: 0.5 } }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: { sm: 110 } }}>Day</TableCell>
          <TableCell sx={hoursColumn}>
            <Box aria-hidden sx={{ display: 'grid', gridTemplateColumns: 'repeat(24, 1fr)', gap: '2px', fontSize: 11, color: 'text.secondary', fontWeight: 400 }}>
              {Array.from({ length: 24 }, (_, h) => (
                <span key={h}>{hourMarks.includes(h) ? String(h).padStart(2, '0') : ''}</span>
              ))}
            </Box>
          </TableCell>
          <TableCell sx={{ width: 150 }}>Active (UTC)</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {days.map((day) => (
          <TableRow key={day.day}>
            <TableCell component="th" scope="row">
              {day.name}
            </TableCell>
            <TableCell sx={hoursColumn}>
              <Box aria-hidden sx={{ display: 'grid', gridTemplateColumns: 'repeat(24, 1fr)', gap: '2px' }}>
                {day.hours.map((share, h) => (
                  <Box key={h} sx={{ height: 18, borderRadius: 0.5, bgcolor: 'grey.200', position: 'relative', overflow: 'hidden' }}>
                    {share > 0 && <Box sx={{ position: 'absolute', inset: 0, width: `${share * 100}%`, bgcolor: 'primary.main', opacity: 0.85 }} />}
                  </Box>
                ))}
              </Box>
            </TableCell>
            <TableCell sx={{ color: day.spans.length ? undefined : 'text.secondary', whiteSpace: 'nowrap' }}>{day.spans.length ? day.spans.join(', ') : 'not active'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
