import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useProgramMembers } from '../../../api/get-program-members';
import { EmailText } from '../../../components/email-text';
import { PagedTable } from '../../../components/paged-table';
import { memberPath } from '../../../config/paths';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useCardHolders } from '../../../api/get-card-holders';
import { holderDisplay } from '../../../lib/holder-display';

const pageSize = 20;
const monospace = 'ui-monospace, SFMono-Regular, Menlo, monospace';
/** Columns a phone leaves out; the card's own page shows them. */
const wideOnly = { display: { xs: 'none', md: 'table-cell' } } as const;
/** On a phone the card code moves under the holder's name, so an email has the row's width. */
const cardColumn = { display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' } as const;
const cardUnderName = { display: { xs: 'block', sm: 'none' }, mt: 0.5 } as const;

/** The row's link to the member page (one of the two is shown, by screen width). */
function CardLink({ code, holder }: { code: string; holder: string }) {
  return (
    <Link component={RouterLink} to={memberPath(code)} sx={{ fontFamily: monospace }} aria-label={`Card ${code} of ${holder}`}>
      {code}
    </Link>
  );
}

/**
 * The members of one program (cards with a holder), most recently active first, 20 a page, each row
 * naming its holder and leading to the member's page; with `includeUnissued`, the cards not issued
 * yet too. Give it `key` of the program and the filter so a change starts on page one.
 */
export function MembersTable({ campaignId, programName, includeUnissued = false }: { campaignId: string; programName: string; includeUnissued?: boolean }) {
  const [page, setPage] = useState(0);
  const navigate = useNavigate();
  const members = useProgramMembers(campaignId, { page: page + 1, limit: pageSize, published: includeUnissued ? undefined : true });
  const rows = useMemo(() => members.data?.vouchers ?? [], [members.data]);
  const holderIds = useMemo(() => [...new Set(rows.flatMap((member) => (member.holder_id ? [member.holder_id] : [])))], [rows]);
  const holders = useCardHolders(programName, holderIds);

  return (
    <PagedTable
      label={`Members of ${programName}`}
      what="members"
      query={members}
      columns={5}
      rowCount={rows.length}
      emptyText={includeUnissued ? 'This program has no cards yet.' : 'No one holds a card of this program yet.'}
      page={page}
      pageSize={pageSize}
      total={members.data?.total ?? 0}
      onPageChange={setPage}
      head={
        <TableRow>
          <TableCell>Customer</TableCell>
          <TableCell sx={cardColumn}>Card</TableCell>
          <TableCell align="right">Balance</TableCell>
          <TableCell align="right" sx={wideOnly}>
            Points
          </TableCell>
          <TableCell sx={wideOnly}>Last activity</TableCell>
        </TableRow>
      }
    >
      {rows.map((member) => {
        const holder = holderDisplay(member.holder_id ? holders.data?.get(member.holder_id) : undefined, member.holder_id);
        return (
          <TableRow
            key={member.id}
            hover
            // The card code is the row's link (keyboard and screen readers); a click anywhere on the row follows it too.
            onClick={(event) => {
              if (!(event.target as HTMLElement).closest('a')) void navigate(memberPath(member.code));
            }}
            sx={{ cursor: 'pointer' }}
          >
            <TableCell sx={{ maxWidth: 280 }}>
              <Typography variant="body2" sx={{ fontWeight: holder.muted ? undefined : 500, color: holder.muted ? 'text.secondary' : undefined, overflowWrap: 'anywhere' }}>
                {holder.primary}
              </Typography>
              {holder.secondary && (
                <Typography variant="caption" component="p" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {holder.secondary.includes('@') ? <EmailText email={holder.secondary} /> : holder.secondary}
                </Typography>
              )}
              <Box sx={cardUnderName}>
                <CardLink code={member.code} holder={holder.primary} />
              </Box>
            </TableCell>
            <TableCell sx={cardColumn}>
              <CardLink code={member.code} holder={holder.primary} />
            </TableCell>
            <TableCell align="right">{formatNumber(member.loyalty_card.balance)}</TableCell>
            <TableCell align="right" sx={wideOnly}>
              {formatNumber(member.loyalty_card.points)}
            </TableCell>
            <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }}>{formatDateTime(member.updated_at ?? member.created_at)}</TableCell>
          </TableRow>
        );
      })}
    </PagedTable>
  );
}
