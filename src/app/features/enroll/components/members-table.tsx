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
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useProgramMembers } from '../../../api/get-program-members';

const pageSize = 20;
const monospace = 'ui-monospace, SFMono-Regular, Menlo, monospace';

/**
 * The cards of one program, recently changed first, 20 a page. Give it `key={campaignId}` so a
 * new program starts on page one.
 */
export function MembersTable({ campaignId, programName }: { campaignId: string; programName: string }) {
  const [page, setPage] = useState(0);
  const members = useProgramMembers(campaignId, { page: page + 1, limit: pageSize });
  const rows = members.data?.vouchers ?? [];
  const total = members.data?.total ?? 0;

  if (members.isError && !members.data) {
    return <ErrorAlert error={members.error} title="Could not load the members" onRetry={() => void members.refetch()} />;
  }

  return (
    <Box>
      {members.isError && <ErrorAlert error={members.error} title="Could not refresh the members" onRetry={() => void members.refetch()} sx={{ mb: 1 }} />}
      <Box sx={{ height: 4 }}>{members.isFetching && <LinearProgress aria-label="Loading members" />}</Box>
      <TableContainer>
        <Table aria-label={`Members of ${programName}`}>
          <TableHead>
            <TableRow>
              <TableCell>Code</TableCell>
              <TableCell>Holder ID</TableCell>
              <TableCell align="right">Balance</TableCell>
              <TableCell align="right">Points</TableCell>
              <TableCell align="right">Publish count</TableCell>
              <TableCell>Created</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((member) => (
              <TableRow key={member.id} hover>
                <TableCell sx={{ fontFamily: monospace }}>{member.code}</TableCell>
                <TableCell sx={{ fontFamily: member.holder_id ? monospace : undefined, color: member.holder_id ? undefined : 'text.secondary' }}>
                  {member.holder_id ?? '— not published'}
                </TableCell>
                <TableCell align="right">{formatNumber(member.loyalty_card.balance)}</TableCell>
                <TableCell align="right">{formatNumber(member.loyalty_card.points)}</TableCell>
                <TableCell align="right">{formatNumber(member.publish.count)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(member.created_at)}</TableCell>
              </TableRow>
            ))}
            {members.isSuccess && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>
                  <Typography variant="body2" sx={{ color: 'text.secondary', py: 2 }}>
                    This program has no cards yet.
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={total === 0 ? 0 : Math.min(page, Math.ceil(total / pageSize) - 1)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[pageSize]}
        onPageChange={(_event, next) => setPage(next)}
      />
    </Box>
  );
}
