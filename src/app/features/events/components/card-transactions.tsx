import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ErrorAlert } from '../../../components/error-alert';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useCardTransactions } from '../api/get-card-transactions';

const latest = 5;
const label: Record<string, string> = {
  POINTS_ACCRUAL: 'Accrual',
  POINTS_ADDITION: 'Addition',
  POINTS_REMOVAL: 'Removal',
  POINTS_EXPIRATION: 'Expiration',
  POINTS_REDEMPTION: 'Redemption',
  POINTS_REFUND: 'Refund',
  POINTS_TRANSFER_IN: 'Transfer in',
  POINTS_TRANSFER_OUT: 'Transfer out',
};

/** The card's latest transactions, newest first, with the rule that earned each accrual. */
export function CardTransactions({ code }: { code: string }) {
  const transactions = useCardTransactions(code, latest);
  if (transactions.isError) return <ErrorAlert error={transactions.error} title="Could not load the card's transactions" onRetry={() => void transactions.refetch()} />;
  return (
    <Box>
      <Box sx={{ height: 4 }}>{transactions.isFetching && <LinearProgress aria-label="Loading transactions" />}</Box>
      <TableContainer>
        <Table aria-label={`Latest transactions of ${code}`}>
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>Type</TableCell>
              <TableCell align="right">Points</TableCell>
              <TableCell align="right">Balance</TableCell>
              <TableCell>Why</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(transactions.data?.data ?? []).map((t) => (
              <TableRow key={t.id}>
                <TableCell sx={{ minWidth: 110 }}>{formatDateTime(t.created_at)}</TableCell>
                <TableCell>{label[t.type] ?? t.type}</TableCell>
                <TableCell align="right">{t.details.balance.points > 0 ? `+${formatNumber(t.details.balance.points)}` : formatNumber(t.details.balance.points)}</TableCell>
                <TableCell align="right">{formatNumber(t.details.balance.balance)}</TableCell>
                <TableCell sx={{ minWidth: 150 }}>{t.details.earning_rule?.source.banner ?? t.reason ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {transactions.data && transactions.data.data.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          No transactions yet.
        </Typography>
      )}
    </Box>
  );
}
