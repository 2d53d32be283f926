import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import type { LoyaltyProgram } from '../../../contract/loyalty-program';
import { roleMay } from '../../../contract/staff-session';
import { useLoyaltyPrograms } from '../../api/get-loyalty-programs';
import { CardList, CardListItem } from '../../components/card-list';
import { AddIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { PagedTable } from '../../components/paged-table';
import { programPath, paths } from '../../config/paths';
import { formatDay, formatNumber } from '../../lib/format';
import { useSession } from '../../lib/session/use-session';
import { DeleteProgramDialog } from './components/delete-program-dialog';
import { describeCodeFormat, describeExpiry } from './model/program-form';

const pageSize = 10;

function dates(program: LoyaltyProgram): string {
  if (!program.start_date && !program.expiration_date) return 'Always';
  const from = program.start_date ? `from ${formatDay(program.start_date)}` : '';
  const until = program.expiration_date ? `until ${formatDay(program.expiration_date)}` : '';
  return [from, until].filter(Boolean).join(' ');
}

/** Programs (`/programs`, marketing): every loyalty program, a new one, and each one's settings and deletion. */
export default function ProgramsPage() {
  const programs = useLoyaltyPrograms();
  const session = useSession();
  const may = session.data?.authenticated === true && roleMay(session.data.user.role, 'managePrograms');
  const [page, setPage] = useState(0);
  const [deleting, setDeleting] = useState<LoyaltyProgram | null>(null);
  // Deleted here, or on the program's own page, which comes back here.
  const [deleted, setDeleted] = useState<string | null>((useLocation().state as { deleted?: string } | null)?.deleted ?? null);
  const list = programs.data?.campaigns ?? [];
  const shown = list.slice(page * pageSize, (page + 1) * pageSize);
  const actions = (program: LoyaltyProgram) => (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button size="small" variant="outlined" component={RouterLink} to={programPath(program.id)} aria-label={`Edit ${program.name}`}>
        Edit
      </Button>
      {may && (
        <Button size="small" color="error" onClick={() => setDeleting(program)} aria-label={`Delete ${program.name}`}>
          Delete
        </Button>
      )}
    </Box>
  );

  return (
    <>
      <PageHeader
        title="Programs"
        description="Your loyalty programs: what their card codes look like, how long points added by hand last, and when the cards work."
        actions={
          may && (
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={`${paths.programs}/new`}>
              New program
            </Button>
          )
        }
      />
      {deleted && (
        <Alert severity="success" onClose={() => setDeleted(null)} sx={{ mb: 2 }}>
          {deleted} was deleted, with its cards.
        </Alert>
      )}
      <Paper sx={{ minWidth: 0 }}>
        <PagedTable
          label="Loyalty programs"
          what="loyalty programs"
          query={programs}
          columns={6}
          rowCount={shown.length}
          emptyText="No programs yet: create the first one."
          page={page}
          pageSize={pageSize}
          total={list.length}
          onPageChange={setPage}
          head={
            <TableRow>
              <TableCell>Program</TableCell>
              <TableCell align="right">Cards</TableCell>
              <TableCell>Card codes</TableCell>
              <TableCell>Points added by hand expire</TableCell>
              <TableCell>Cards work</TableCell>
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  Actions
                </Box>
              </TableCell>
            </TableRow>
          }
          cardList={
            <CardList label="Loyalty programs">
              {shown.map((program) => (
                <CardListItem
                  key={program.id}
                  title={
                    <Link component={RouterLink} to={programPath(program.id)} sx={{ fontWeight: 600 }}>
                      {program.name}
                    </Link>
                  }
                  fields={[
                    { label: 'Cards', value: formatNumber(program.vouchers_count) },
                    { label: 'Card codes', value: describeCodeFormat(program.voucher?.code_config) },
                    { label: 'Points expire', value: describeExpiry(program.voucher?.loyalty_card.expiration_rules) },
                    { label: 'Cards work', value: dates(program) },
                  ]}
                  actions={actions(program)}
                />
              ))}
            </CardList>
          }
        >
          {shown.map((program) => (
            <TableRow key={program.id}>
              <TableCell>
                <Link component={RouterLink} to={programPath(program.id)} sx={{ fontWeight: 600 }}>
                  {program.name}
                </Link>
              </TableCell>
              <TableCell align="right">{formatNumber(program.vouchers_count)}</TableCell>
              <TableCell>{describeCodeFormat(program.voucher?.code_config)}</TableCell>
              <TableCell>{describeExpiry(program.voucher?.loyalty_card.expiration_rules)}</TableCell>
              <TableCell>{dates(program)}</TableCell>
              <TableCell>{actions(program)}</TableCell>
            </TableRow>
          ))}
        </PagedTable>
      </Paper>
      <DeleteProgramDialog
        program={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(name) => {
          setDeleting(null);
          setDeleted(name);
        }}
      />
    </>
  );
}

const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
