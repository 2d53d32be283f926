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
import { useStaffDirectory } from '../../../api/get-staff-directory';
import { HistoryNote } from '../../../components/history-note';
import { transactionAuthor, transactionReason } from '../../../lib/card-history/transaction-author';
import { signedPoints, transactionTypeLabel } from '../../../lib/card-history/transaction-labels';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useSession } from '../../../lib/session/use-session';
import { useCardTransactions } from '../api/get-card-transactions';

const latest = 5;
/** The card's latest transactions, newest first, in the member page's words: what, how much, who and why. */
export function CardTransactions({ code }: { code: string }) {
  const transactions = useCardTransactions(code, latest);
  const session = useSession();
  const staff = useStaffDirectory();
  const signedIn = session.data?.authenticated ? session.data.user : undefined;
  if (transactions.isError) return <ErrorAlert error={transactions.error} title="Could not load the card's transactions" onRetry={() => void transactions.refetch()} />;
  return (
    <Box>
      <Box sx={{ height: 4 }}>{transactions.isFetching && <LinearProgress aria-label="Loading transactions" />}</Box>
      <TableContainer>
        <Table aria-label={`Latest transactions of ${code}`}>
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>What</TableCell>
              <TableCell align="right">Points</TableCell>
              <TableCell align="right">Balance</TableCell>
              <TableCell>Who and why</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(transactions.data?.data ?? []).map((t) => (
              <TableRow key={t.id}>
                <TableCell sx={{ minWidth: 110 }}>{formatDateTime(t.created_at)}</TableCell>
                <TableCell>{transactionTypeLabel(t.type)}</TableCell>
                <TableCell align="right">{signedPoints(t.details.balance.points)}</TableCell>
                <TableCell align="right">{formatNumber(t.details.balance.balance)}</TableCell>
                <TableCell sx={{ minWidth: 150 }}>
                  <HistoryNote author={transactionAuthor(t, signedIn, staff.data)} reason={transactionReason(t)} />
                </TableCell>
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
