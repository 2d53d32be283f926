import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { CardList, CardListItem } from '../../../components/card-list';
import { PagedTable } from '../../../components/paged-table';
import { paths } from '../../../config/paths';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useSegmentList } from '../api/list-segments';

const pageSize = 10;
const typeWords = { static: 'Static list', 'auto-update': 'Auto-update filter', passive: 'Passive filter' } as const;

/** Opens the segment beside the builder (the page's `?segment=` parameter). */
function SegmentLink({ id, name }: { id: string; name: string }) {
  return (
    <Link component={RouterLink} to={`${paths.segments}?${new URLSearchParams({ segment: id })}`} underline="hover" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
      {name}
    </Link>
  );
}

/** The project's segments, newest first, each with its kind and size; a name opens the segment. */
export function SegmentsList() {
  const [page, setPage] = useState(0);
  const list = useSegmentList(page + 1, pageSize);
  const rows = list.data?.data ?? [];
  return (
    <Paper component="section" aria-labelledby="segments-list-heading" sx={{ mt: 3 }}>
      <Typography id="segments-list-heading" variant="h2" sx={{ px: 3, pt: 2.5 }}>
        This project’s segments
      </Typography>
      <Typography variant="body2" sx={{ px: 3, pb: 1, color: 'text.secondary' }}>
        Newest first. Open one to see its newest members.
      </Typography>
      <PagedTable
        label="Segments"
        what="segments"
        query={list}
        columns={4}
        rowCount={rows.length}
        emptyText="No segments yet: create one above."
        page={page}
        pageSize={pageSize}
        total={list.data?.total ?? 0}
        onPageChange={setPage}
        cardList={
          <CardList label="Segments">
            {rows.map((segment) => (
              <CardListItem
                key={segment.id}
                title={<SegmentLink id={segment.id} name={segment.name} />}
                fields={[
                  { label: 'Kind', value: typeWords[segment.type] },
                  { label: 'Customers', value: formatNumber(segment.size) },
                  { label: 'Created', value: formatDateTime(segment.created_at) },
                ]}
              />
            ))}
          </CardList>
        }
        head={
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Kind</TableCell>
            <TableCell align="right">Customers</TableCell>
            <TableCell>Created</TableCell>
          </TableRow>
        }
      >
        {rows.map((segment) => (
          <TableRow key={segment.id} hover>
            <TableCell>
              <SegmentLink id={segment.id} name={segment.name} />
            </TableCell>
            <TableCell>{typeWords[segment.type]}</TableCell>
            <TableCell align="right">{formatNumber(segment.size)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(segment.created_at)}</TableCell>
          </TableRow>
        ))}
      </PagedTable>
    </Paper>
  );
}
