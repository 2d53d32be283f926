import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { formatNumber } from '../../../lib/format';
import { useDeleteProgram } from '../api/delete-program';
import { deleteConfirmed } from '../model/delete-confirmation';

interface DeleteProgramDialogProps {
  program: { id: string; name: string; vouchers_count: number } | null;
  onClose: () => void;
  onDeleted: (name: string) => void;
}

/**
 * Deleting a program takes its cards and their points with it, for good: the button works only
 * once the program's name is typed, so it is never deleted by a slip of the finger.
 */
export function DeleteProgramDialog({ program, onClose, onDeleted }: DeleteProgramDialogProps) {
  const [typed, setTyped] = useState('');
  const remove = useDeleteProgram();
  const close = () => {
    setTyped('');
    remove.reset();
    onClose();
  };
  const confirmed = program !== null && deleteConfirmed(program.name, typed);
  return (
    <Dialog open={program !== null} onClose={close} aria-labelledby="delete-program-title" aria-describedby="delete-program-text" fullWidth maxWidth="sm">
      <DialogTitle id="delete-program-title">Delete {program?.name}?</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-program-text" sx={{ mb: 2 }}>
          The program and its {formatNumber(program?.vouchers_count ?? 0)} {program?.vouchers_count === 1 ? 'card are' : 'cards are'} deleted for good, with their points and history. Members can no longer use their cards. This cannot be undone.
        </DialogContentText>
        {remove.isError && <ErrorAlert error={remove.error} title="The program was not deleted" sx={{ mb: 2 }} />}
        <TextField
          id="delete-program-confirm"
          label="Type the program’s name to confirm"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          fullWidth
          autoComplete="off"
          helperText={program ? `Type ${program.name}` : undefined}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button
          variant="contained"
          color="error"
          disabled={!confirmed}
          loading={remove.isPending}
          onClick={() =>
            program &&
            remove.mutate(program.id, {
              onSuccess: () => {
                setTyped('');
                onDeleted(program.name);
              },
            })
          }
        >
          Delete program
        </Button>
      </DialogActions>
    </Dialog>
  );
}
