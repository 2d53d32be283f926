import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { PageHeader } from '../../components/page-header';
import { paths, programPath, withProgram } from '../../config/paths';
import { formatNumber } from '../../lib/format';
import { useCreateProgram } from './api/create-program';
import { useProgram } from './api/get-program';
import { useUpdateProgram } from './api/update-program';
import { DeleteProgramDialog } from './components/delete-program-dialog';
import { ProgramFormView } from './components/program-form';
import { ProgramTiers } from './components/program-tiers';
import { createProgramRequest, emptyProgramForm, programFormOf, updateProgramRequest } from './model/program-form';

/** `/programs/new` creates a program; `/programs/:id` shows and changes one, and deletes it. */
export default function ProgramPage() {
  const id = useParams().programId ?? 'new';
  return id === 'new' ? <NewProgram /> : <EditProgram key={id} id={id} />;
}

function NewProgram() {
  const create = useCreateProgram();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="New program" description="Members join it on the Enroll page; each gets a card with a code in this format." />
      <Paper sx={{ p: { xs: 2, md: 3 }, maxWidth: 960 }}>
        <ProgramFormView
          defaultValues={emptyProgramForm}
          editing={false}
          submitLabel="Create program"
          pending={create.isPending}
          onSubmit={(values, showApiError) => create.mutate(createProgramRequest(values), { onSuccess: (program) => void navigate(programPath(program.id), { state: { created: true } }), onError: showApiError })}
        />
      </Paper>
    </>
  );
}

function EditProgram({ id }: { id: string }) {
  const program = useProgram(id);
  const update = useUpdateProgram(id);
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  // Arriving from "Create program": say it worked, and what to do next.
  const created = (useLocation().state as { created?: boolean } | null)?.created === true;
  const [saved, setSaved] = useState(false);
  if (program.isPending) return <LinearProgress aria-label="Loading the program" />;
  if (program.isError) return <ErrorAlert error={program.error} title="Could not load the program" onRetry={() => void program.refetch()} />;
  const data = program.data;
  return (
    <>
      <PageHeader
        title={data.name}
        description={`${formatNumber(data.vouchers_count)} ${data.vouchers_count === 1 ? 'card' : 'cards'}. The name, code format and points expiry stay as created; the description and dates can change.`}
        actions={
          <Button color="error" variant="outlined" onClick={() => setDeleting(true)}>
            Delete program
          </Button>
        }
      />
      {created && !saved && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {data.name} was created. Members can join it on the{' '}
          <Link component={RouterLink} to={withProgram(paths.enroll, data.id)}>
            Enroll page
          </Link>
          .
        </Alert>
      )}
      {saved && (
        <Alert severity="success" onClose={() => setSaved(false)} sx={{ mb: 2 }}>
          Saved.
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 960 }}>
        <Paper sx={{ p: { xs: 2, md: 3 } }}>
          <ProgramFormView
            defaultValues={programFormOf(data)}
            editing
            submitLabel="Save changes"
            pending={update.isPending}
            onSubmit={(values, showApiError) => {
              setSaved(false);
              update.mutate(updateProgramRequest(values), { onSuccess: () => setSaved(true), onError: showApiError });
            }}
          />
        </Paper>
        <Paper sx={{ p: { xs: 2, md: 3 } }}>
          <ProgramTiers programId={data.id} programName={data.name} />
          <Typography variant="body2" sx={{ mt: 1 }}>
            <Link component={RouterLink} to={withProgram(paths.members, data.id)}>
              See the members of {data.name}
            </Link>
          </Typography>
        </Paper>
      </Box>
      <DeleteProgramDialog program={deleting ? data : null} onClose={() => setDeleting(false)} onDeleted={(name) => void navigate(paths.programs, { state: { deleted: name } })} />
    </>
  );
}
