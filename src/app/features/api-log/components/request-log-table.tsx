import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import type { RequestLogEntry } from '../../../../contract/request-log';
import { PagedTable } from '../../../components/paged-table';
import { formatDateTime } from '../../../lib/format';
import { useRequestLog } from '../api/get-request-log';
import { actionWords, bodyText, resultWords, type LogFilters } from '../model/log-filters';

const pageSize = 20;
const noRequests: readonly RequestLogEntry[] = [];
const monospace = 'ui-monospace, SFMono-Regular, Menlo, monospace';
/** Columns a phone leaves out. */
const wideOnly = { display: { xs: 'none', md: 'table-cell' } } as const;

function Body({ title, body, truncated }: { title: string; body: unknown; truncated: boolean }) {
  const text = bodyText(body, truncated);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      {text ? (
        <Box component="pre" sx={{ fontFamily: monospace, fontSize: 12, m: 0, p: 1, bgcolor: 'grey.100', borderRadius: 1, maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {text}
        </Box>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Nothing
        </Typography>
      )}
    </Box>
  );
}

function RequestDetails({ entry }: { entry: RequestLogEntry }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, py: 1 }}>
      <Typography variant="body2" sx={{ gridColumn: '1 / -1', color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {entry.method} {entry.path}
        {entry.query ? `?${entry.query}` : ''} · took {entry.duration_ms.toFixed(1)} ms · sent with {entry.credential.type === 'bearer' ? 'an access token' : 'the API key'} {entry.credential.key_id}
        {entry.credential.token_id ? ` (token ${entry.credential.token_id})` : ''}
        {entry.credential.dashboard_user_id ? ' from this dashboard' : ''} · reference {entry.id}
      </Typography>
      <Body title="What was sent" body={entry.request_body} truncated={entry.request_body_truncated} />
      <Body title="What came back" body={entry.response_body} truncated={entry.response_body_truncated} />
    </Box>
  );
}

/** The log's requests, newest first; a row opens to show what was sent and what came back. */
export function RequestLogTable({ filters }: { filters: LogFilters }) {
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const [shownFilters, setShownFilters] = useState(filters);
  // New filters start at the first page.
  if (shownFilters !== filters) {
    setShownFilters(filters);
    setPage(0);
  }
  const query = useRequestLog({ filters, page: page + 1, limit: pageSize });
  const rows = query.data?.requests ?? noRequests;
  return (
    <PagedTable
      label="Requests"
      what="requests"
      query={query}
      columns={4}
      rowCount={rows.length}
      emptyText="No requests match these filters."
      page={page}
      pageSize={pageSize}
      total={query.data?.total ?? 0}
      onPageChange={setPage}
      head={
        <TableRow>
          <TableCell sx={wideOnly}>When</TableCell>
          <TableCell>Request</TableCell>
          <TableCell>Result</TableCell>
          <TableCell sx={wideOnly} align="right">
            Details
          </TableCell>
        </TableRow>
      }
    >
      {rows.map((entry) => {
        const result = resultWords(entry.status);
        const isOpen = open === entry.id;
        const toggle = (
          <Button size="small" aria-expanded={isOpen} aria-controls={`details-${entry.id}`} onClick={() => setOpen(isOpen ? null : entry.id)}>
            {isOpen ? 'Hide' : 'Show'}
            <Box component="span" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
              {' '}
              details of {entry.method} {entry.path}
            </Box>
          </Button>
        );
        return (
          <Fragment key={entry.id}>
            <TableRow hover>
              <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap', verticalAlign: 'top' }}>{formatDateTime(entry.at)}</TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>
                <Typography variant="caption" sx={{ display: { xs: 'block', md: 'none' }, color: 'text.secondary' }}>
                  {formatDateTime(entry.at)}
                </Typography>
                <Typography variant="body2">{actionWords(entry.method)}</Typography>
                <Box sx={{ fontFamily: monospace, fontSize: 13, overflowWrap: 'anywhere' }}>{entry.path}</Box>
                <Box sx={{ display: { xs: 'block', md: 'none' } }}>{toggle}</Box>
              </TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>
                <Chip size="small" label={result.label} color={result.color} variant="outlined" />
              </TableCell>
              <TableCell sx={{ ...wideOnly, verticalAlign: 'top' }} align="right">
                {toggle}
              </TableCell>
            </TableRow>
            {isOpen && (
              <TableRow id={`details-${entry.id}`}>
                <TableCell colSpan={4} sx={{ minWidth: 0, maxWidth: '100vw' }}>
                  <RequestDetails entry={entry} />
                </TableCell>
              </TableRow>
            )}
          </Fragment>
        );
      })}
    </PagedTable>
  );
}
