import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { MemberActivity } from '../../../../contract/member-activity';
import type { StaffDirectoryEntry, StaffUser } from '../../../../contract/staff-session';
import { useStaffDirectory } from '../../../api/get-staff-directory';
import { ErrorAlert } from '../../../components/error-alert';
import { HistoryNote } from '../../../components/history-note';
import { activityTransaction } from '../../../lib/card-history/activity-transaction';
import { transactionAuthor, transactionReason } from '../../../lib/card-history/transaction-author';
import { signedPoints, transactionTypeLabel } from '../../../lib/card-history/transaction-labels';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session/use-session';
import { useMemberActivityPage } from '../api/get-member-activity';
import { activityLabel } from '../model/labels';
import { useCursorPages } from '../model/use-cursor-pages';
import { CursorPager } from './cursor-pager';

const pageSize = 10;

/** One entry: a change of points in the history's words ("Added +50 points", who, why), else what happened. */
function ActivityEntry({ item, signedIn, staff }: { item: MemberActivity; signedIn: Pick<StaffUser, 'id'> | undefined; staff: ReadonlyMap<string, StaffDirectoryEntry> | undefined }) {
  const transaction = activityTransaction(item);
  if (!transaction) return <ListItemText primary={activityLabel(item.type)} secondary={formatDateTime(item.created_at)} />;
  const points = transaction.details.balance.points;
  const author = transactionAuthor(transaction, signedIn, staff);
  const reason = transactionReason(transaction);
  return (
    <ListItemText
      primary={`${transactionTypeLabel(transaction.type)} ${signedPoints(points)} ${Math.abs(points) === 1 ? 'point' : 'points'}`}
      secondary={
        <>
          {formatDateTime(item.created_at)}
          {(author || reason) && ' · '}
          {(author || reason) && <HistoryNote author={author} reason={reason} />}
        </>
      }
      slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
    />
  );
}

/** What happened to the card (publication, earning, manual changes, redemptions), newest first. */
export function ActivityList({ code }: { code: string }) {
  const pages = useCursorPages();
  const activity = useMemberActivityPage(code, pageSize, pages.cursor);
  const session = useSession();
  const staff = useStaffDirectory();
  const signedIn = session.data?.authenticated ? session.data.user : undefined;
  if (activity.isError) return <ErrorAlert error={activity.error} title="Could not load the activity" onRetry={() => void activity.refetch()} />;
  const list = activity.data;
  return (
    <Box>
      <Box sx={{ height: 4 }}>{activity.isFetching && <LinearProgress aria-label="Loading activity" />}</Box>
      <List dense aria-label={`Activity of card ${code}`}>
        {(list?.data ?? []).map((item) => (
          <ListItem key={item.id} disableGutters divider>
            <ActivityEntry item={item} signedIn={signedIn} staff={staff.data} />
          </ListItem>
        ))}
      </List>
      {list && list.data.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Nothing has happened on this card yet.
        </Typography>
      )}
      {list && (pages.pageNumber > 1 || list.has_more) && (
        <CursorPager label="Activity pages" pageNumber={pages.pageNumber} hasOlder={list.has_more && Boolean(list.more_starting_after)} onNewer={pages.newer} onOlder={() => list.more_starting_after && pages.older(list.more_starting_after)} />
      )}
    </Box>
  );
}
