import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { ErrorAlert } from '../../../components/error-alert';
import { formatDateTime } from '../../../lib/format';
import { useMemberActivityPage } from '../api/get-member-activity';
import { activityLabel } from '../model/labels';
import { useCursorPages } from '../model/use-cursor-pages';
import { CursorPager } from './cursor-pager';

const pageSize = 10;

/** What happened to the card (publication, earning, manual changes, redemptions), newest first. */
export function ActivityList({ code }: { code: string }) {
  const pages = useCursorPages();
  const activity = useMemberActivityPage(code, pageSize, pages.cursor);
  if (activity.isError) return <ErrorAlert error={activity.error} title="Could not load the activity" onRetry={() => void activity.refetch()} />;
  const list = activity.data;
  return (
    <Box>
      <Box sx={{ height: 4 }}>{activity.isFetching && <LinearProgress aria-label="Loading activity" />}</Box>
      <List dense aria-label={`Activity of card ${code}`}>
        {(list?.data ?? []).map((item) => (
          <ListItem key={item.id} disableGutters divider>
            <ListItemText primary={activityLabel(item.type)} secondary={formatDateTime(item.created_at)} />
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
