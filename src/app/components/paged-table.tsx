import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useCardLayout } from './card-list';
import { ErrorAlert } from './error-alert';

/** What the table needs of a React Query result. */
interface PageQuery {
  data: unknown;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  isSuccess: boolean;
  refetch: () => unknown;
}

interface PagedTableProps {
  /** The table's accessible name. */
  label: string;
  /** What the rows are, for the loading bar and errors: "members" → "Could not load the members". */
  what: string;
  query: PageQuery;
  /** The header cells. */
  head: ReactNode;
  /** How many columns, for the row that says the list is empty. */
  columns: number;
  rowCount: number;
  emptyText: string;
  /** 0-based. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  children: ReactNode;
  /** The same rows as a list of cards (`components/card-list`), shown instead of the table below 600 px. */
  cardList?: ReactNode;
}

/**
 * A page of a list from the API: the table with its loading bar, errors (with a retry), an empty
 * row and paging. Wide tables scroll sideways inside their own box, never the page.
 */
export function PagedTable({ label, what, query, head, columns, rowCount, emptyText, page, pageSize, total, onPageChange, children, cardList }: PagedTableProps) {
  const cards = useCardLayout() && cardList !== undefined;
  if (query.isError && !query.data) {
    return <ErrorAlert error={query.error} title={`Could not load the ${what}`} onRetry={() => void query.refetch()} />;
  }
  return (
    <Box sx={{ minWidth: 0 }}>
      {query.isError && <ErrorAlert error={query.error} title={`Could not refresh the ${what}`} onRetry={() => void query.refetch()} sx={{ mb: 1 }} />}
      <Box sx={{ height: 4 }}>{query.isFetching && <LinearProgress aria-label={`Loading ${what}`} />}</Box>
      {cards && cardList}
      {cards && query.isSuccess && rowCount === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 2, px: 2 }}>
          {emptyText}
        </Typography>
      )}
      {/* Focusable so keyboard users can scroll it sideways when it is wider than the screen. */}
      {!cards && <TableContainer tabIndex={0} role="region" aria-label={`${label} (scrolls sideways on narrow screens)`} sx={{ overflowX: 'auto', '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}>
        <Table aria-label={label}>
          <TableHead>{head}</TableHead>
          <TableBody>
            {children}
            {query.isSuccess && rowCount === 0 && (
              <TableRow>
                <TableCell colSpan={columns}>
                  <Typography variant="body2" sx={{ color: 'text.secondary', py: 2 }}>
                    {emptyText}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>}
      <TablePagination
        component="div"
        count={total}
        page={total === 0 ? 0 : Math.min(page, Math.ceil(total / pageSize) - 1)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[pageSize]}
        onPageChange={(_event, next) => onPageChange(next)}
      />
    </Box>
  );
}
