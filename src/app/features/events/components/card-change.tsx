import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { LoyaltyMember } from '../../../../contract/loyalty-member';
import { formatNumber } from '../../../lib/format';

type Totals = LoyaltyMember['loyalty_card'];
const rows: { key: keyof Totals; label: string }[] = [
  { key: 'balance', label: 'Balance' },
  { key: 'points', label: 'Points' },
  { key: 'expired_points', label: 'Expired points' },
  { key: 'subtracted_points', label: 'Subtracted points' },
];

const signed = (n: number) => (n > 0 ? `+${formatNumber(n)}` : n < 0 ? `−${formatNumber(-n)}` : '0');

/** The card's totals before and after the event, and what changed. */
export function CardChange({ code, before, after }: { code: string; before: LoyaltyMember | null; after: LoyaltyMember | null }) {
  if (!after) return <Typography>Card {code} could not be read after the event.</Typography>;
  const earned = after.loyalty_card.points - (before?.loyalty_card.points ?? 0);
  return (
    <Box>
      <Typography sx={{ mb: 1 }} role="status">
        {before ? (earned > 0 ? `Card ${code} earned ${formatNumber(earned)} points.` : `Card ${code} earned no points: no active rule matched, or a limit applied.`) : `Card ${code} after the event.`}
      </Typography>
      <Table aria-label={`Card ${code} before and after`}>
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell align="right">Before</TableCell>
            <TableCell align="right">After</TableCell>
            <TableCell align="right">Change</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ key, label }) => {
            const was = before ? Number(before.loyalty_card[key] ?? 0) : null;
            const now = Number(after.loyalty_card[key] ?? 0);
            return (
              <TableRow key={key}>
                <TableCell component="th" scope="row">
                  {label}
                </TableCell>
                <TableCell align="right">{was === null ? '—' : formatNumber(was)}</TableCell>
                <TableCell align="right">{formatNumber(now)}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600, color: was !== null && now > was ? 'success.main' : undefined }}>
                  {was === null ? '—' : signed(now - was)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {after.loyalty_card.next_expiration_date && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          Next expiry: {formatNumber(after.loyalty_card.next_expiration_points ?? 0)} points after {after.loyalty_card.next_expiration_date}.
        </Typography>
      )}
    </Box>
  );
}
