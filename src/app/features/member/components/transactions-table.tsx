import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import type { CardTransaction } from '../../../../contract/card-transaction';
import { roleMay } from '../../../../contract/staff-session';
import Typography from '@mui/material/Typography';
import { useStaffDirectory } from '../../../api/get-staff-directory';
import { ErrorAlert } from '../../../components/error-alert';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useSession } from '../../../lib/session/use-session';
import { useCardTransactionsPage } from '../api/get-card-transactions';
import { transactionAuthor, transactionReason } from '../../../lib/card-history/transaction-author';
import { signedPoints, transactionTypeLabel } from '../../../lib/card-history/transaction-labels';
import { HistoryNote } from '../../../components/history-note';
import { useCursorPages } from '../model/use-cursor-pages';
import { CursorPager } from './cursor-pager';
import { UndoDialog } from './undo-dialog';
import { useActionMessage } from '../model/action-message';
import { undoneIds, undoOf, type Undo } from '../model/undo';

const pageSize = 10;
const whyColumn = { display: { xs: 'none', sm: 'table-cell' } } as const;

/**
 * The card's transactions, newest first, ten to a page, each with who made it and why; a reward
 * redemption can be rolled back and a change made by hand reversed from its row.
 */
export function TransactionsTable({ code }: { code: string }) {
  const pages = useCursorPages();
  const transactions = useCardTransactionsPage(code, pageSize, pages.cursor);
  const session = useSession();
  const staff = useStaffDirectory();
  const signedIn = session.data?.authenticated ? session.data.user : undefined;
  const mayUndo = signedIn !== undefined && roleMay(signedIn.role, 'undoChanges');
  const [undoing, setUndoing] = useState<{ transaction: CardTransaction; undo: Undo } | null>(null);
  const done = useActionMessage(code, 'undo');
  if (transactions.isError) return <ErrorAlert error={transactions.error} title="Could not load the transactions" onRetry={() => void transactions.refetch()} />;
  const list = transactions.data;
  const undone = undoneIds(list?.data ?? []);
  const undoButton = (t: CardTransaction) => {
    const undo = undoOf(t);
    if (!undo) return null;
    if (undone.has(t.id))
      return (
        <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
          {undo.kind === 'rollback' ? 'Rolled back' : 'Reversed'}
        </Typography>
      );
    if (!mayUndo) return null;
    const label = undo.kind === 'rollback' ? 'Roll back' : 'Reverse';
    return (
      <Button size="small" variant="outlined" color="error" onClick={() => setUndoing({ transaction: t, undo })} aria-label={`${label}: ${transactionTypeLabel(t.type)} ${signedPoints(t.details.balance.points)} points, ${formatDateTime(t.created_at)}`} sx={{ mt: 0.5, py: 0, minHeight: 28, whiteSpace: 'nowrap' }}>
        {label}
      </Button>
    );
  };
  return (
    <Box>
      <Box role="status" aria-live="polite">
        {done.text && (
          <Alert severity="success" role="presentation" sx={{ mb: 1 }}>
            {done.text}
          </Alert>
        )}
      </Box>
      <Box sx={{ height: 4 }}>{transactions.isFetching && <LinearProgress aria-label="Loading transactions" />}</Box>
      {/* Focusable: on a phone the table scrolls sideways, and keyboard users must reach it (axe scrollable-region-focusable). */}
      <TableContainer tabIndex={0} role="group" aria-label="Transactions table">
        <Table size="small" sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }} aria-label={`Transactions of card ${code}`}>
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>What</TableCell>
              <TableCell align="right">Points</TableCell>
              <TableCell align="right">Balance</TableCell>
              <TableCell sx={whyColumn}>Who and why</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(list?.data ?? []).map((t) => {
              const note = <HistoryNote author={transactionAuthor(t, signedIn, staff.data)} reason={transactionReason(t)} />;
              return (
                <TableRow key={t.id}>
                  <TableCell sx={{ whiteSpace: { sm: 'nowrap' } }}>{formatDateTime(t.created_at)}</TableCell>
                  <TableCell>
                    {transactionTypeLabel(t.type)}
                    {t.details.reward && (
                      <Typography variant="caption" component="div">
                        {t.details.reward.name}
                      </Typography>
                    )}
                    {undoButton(t)}
                    {/* On a phone who and why go under the type instead of a column of their own. */}
                    <Typography variant="caption" component="div" sx={{ display: { sm: 'none' }, color: 'text.secondary' }}>
                      {note}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{signedPoints(t.details.balance.points)}</TableCell>
                  <TableCell align="right">{formatNumber(t.details.balance.balance)}</TableCell>
                  <TableCell sx={{ ...whyColumn, minWidth: 140 }}>{note}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {list && list.data.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          No transactions yet.
        </Typography>
      )}
      {list && (pages.pageNumber > 1 || list.has_more) && (
        <CursorPager label="Transaction pages" pageNumber={pages.pageNumber} hasOlder={list.has_more && Boolean(list.more_starting_after)} onNewer={pages.newer} onOlder={() => list.more_starting_after && pages.older(list.more_starting_after)} />
      )}
      {undoing && <UndoDialog key={undoing.transaction.id} code={code} transaction={undoing.transaction} undo={undoing.undo} onClose={() => setUndoing(null)} onDone={done.show} onStart={done.clear} />}
    </Box>
  );
}
