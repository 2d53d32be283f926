import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ExportObject } from '../../../../contract/export';
import { DeleteIcon } from '../../../components/icons';
import { formatDateTime } from '../../../lib/format';
import { useCan, useSession } from '../../../lib/session/use-session';
import { useStaffDirectory } from '../../../api/get-staff-directory';
import { PagedTable } from '../../../components/paged-table';
import { useExports } from '../api/get-exports';
import { useNow } from '../hooks/use-now';
import { formatElapsed, startedBy } from '../model/export-display';
import { nothingSeen, seeExports, type SeenExports } from '../model/finish-times';
import { ExportPolling, hasUnfinished, isFinished } from '../model/polling';
import { DeleteExportDialog } from './delete-export-dialog';
import { ExportContents, ExportFile, ExportStatus } from './export-parts';
import { CardList, CardListItem } from '../../../components/card-list';

const pageSize = 10;
/** One empty list for every render without data: a new [] each time would look like a new answer. */
const noExports: readonly ExportObject[] = [];
/** Read out by screen readers, not shown: in px, since `sx` reads a bare 1 as 100%. */
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
const monospace = 'ui-monospace, SFMono-Regular, Menlo, monospace';
/** Columns a phone leaves out. */
const wideOnly = { display: { xs: 'none', md: 'table-cell' } } as const;

/** Follows the answers of the list (see model/finish-times), updating during render when a new one arrives. */
function useSeenExports(exports: readonly ExportObject[], receivedAt: number): SeenExports {
  const [state, setState] = useState({ exports, seen: seeExports(nothingSeen, exports, receivedAt) });
  if (state.exports !== exports) setState({ exports, seen: seeExports(state.seen, exports, receivedAt) });
  return state.seen;
}

/** The project's exports, newest first, polled (1 s backing off to 10 s) until each is DONE or ERROR; roles that may, delete them. */
export function ExportsTable() {
  const [page, setPage] = useState(0);
  const canDelete = useCan('deleteExports');
  const session = useSession();
  const staffNames = useStaffDirectory();
  const [confirmingDelete, setConfirmingDelete] = useState<string | null>(null);
  const [deleted, setDeleted] = useState<{ exportId: string; over: string } | null>(null);
  const [polling] = useState(() => new ExportPolling());
  const exportsQuery = useExports({ page: page + 1, limit: pageSize }, (data, count) => polling.delay(data, count));
  const rows = exportsQuery.data?.exports ?? noExports;
  const total = exportsQuery.data?.total ?? 0;
  const running = hasUnfinished(rows);
  const now = useNow(running);
  const { finishedAt, announcement } = useSeenExports(rows, exportsQuery.dataUpdatedAt);
  const columns = canDelete ? 7 : 6;

  /** How long the export ran (finished) or has been running; undefined when it finished before the page was opened. */
  function elapsedOf(item: ExportObject): number | undefined {
    const created = new Date(item.created_at).getTime();
    if (!isFinished(item.status)) return now - created;
    return finishedAt[item.id] !== undefined ? finishedAt[item.id] - created : undefined;
  }
  const elapsedText = (elapsed: number | undefined) => (elapsed === undefined ? '—' : formatElapsed(elapsed));

  function exportDeleted(exportId: string) {
    setConfirmingDelete(null);
    setDeleted({ exportId, over: announcement });
    // The last row of a later page: show the page before, not an empty one.
    if (rows.length === 1 && page > 0) setPage(page - 1);
  }

  return (
    <Box>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {/* Until the next status change replaces it. */}
        {deleted && deleted.over === announcement ? `Export ${deleted.exportId} deleted.` : announcement}
      </Box>
      <PagedTable
        label="Exports"
        what="exports"
        query={exportsQuery}
        columns={columns}
        rowCount={rows.length}
        emptyText="No exports yet: start one above."
        page={page}
        pageSize={pageSize}
        total={total}
        onPageChange={setPage}
        cardList={
          <CardList label="Exports">
            {rows.map((item) => (
              <CardListItem
                key={item.id}
                title={
                  <>
                    <Box sx={{ fontFamily: monospace, fontSize: 13, overflowWrap: 'anywhere' }}>{item.id}</Box>
                    <ExportStatus item={item} />
                  </>
                }
                fields={[
                  { label: 'Started', value: formatDateTime(item.created_at) },
                  { label: 'Contents', value: <ExportContents item={item} /> },
                  { label: 'Started by', value: startedBy(item, session.data?.authenticated ? session.data.user : undefined, staffNames.data) },
                  { label: 'Elapsed', value: elapsedText(elapsedOf(item)) },
                ]}
                actions={
                  <>
                    <ExportFile item={item} />
                    {canDelete && (
                      <Button size="small" color="error" startIcon={<DeleteIcon fontSize="small" />} aria-label={`Delete ${item.id}`} onClick={() => setConfirmingDelete(item.id)}>
                        Delete
                      </Button>
                    )}
                  </>
                }
              />
            ))}
          </CardList>
        }
        head={
          <TableRow>
            <TableCell>Export</TableCell>
            <TableCell>Contents</TableCell>
            <TableCell sx={wideOnly}>Started by</TableCell>
            <TableCell>Status</TableCell>
            <TableCell sx={wideOnly}>Elapsed</TableCell>
            <TableCell>File</TableCell>
            {canDelete && <TableCell align="right">Actions</TableCell>}
          </TableRow>
        }
      >
        {rows.map((item) => {
          const elapsed = elapsedOf(item);
          return (
            <TableRow key={item.id} hover>
              <TableCell sx={{ minWidth: 150 }}>
                <Box sx={{ fontFamily: monospace, fontSize: 13, overflowWrap: 'anywhere' }}>{item.id}</Box>
                <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                  {formatDateTime(item.created_at)}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <ExportContents item={item} />
              </TableCell>
              <TableCell sx={wideOnly}>{startedBy(item, session.data?.authenticated ? session.data.user : undefined, staffNames.data)}</TableCell>
              <TableCell>
                <ExportStatus item={item} />
              </TableCell>
              <TableCell sx={{ ...wideOnly, fontVariantNumeric: 'tabular-nums' }} title={elapsed === undefined ? 'Finished before this page was opened' : undefined}>
                {elapsedText(elapsed)}
              </TableCell>
              <TableCell>
                <ExportFile item={item} />
              </TableCell>
              {canDelete && (
                <TableCell align="right">
                  <IconButton size="small" color="error" aria-label={`Delete ${item.id}`} title="Delete export" onClick={() => setConfirmingDelete(item.id)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              )}
            </TableRow>
          );
        })}
      </PagedTable>
      <DeleteExportDialog exportId={confirmingDelete} onClose={() => setConfirmingDelete(null)} onDeleted={exportDeleted} />
    </Box>
  );
}
