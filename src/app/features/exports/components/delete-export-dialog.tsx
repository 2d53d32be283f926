import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { useDeleteExport } from '../api/delete-export';

interface DeleteExportDialogProps {
  /** The export to confirm the deletion of; null keeps the dialog closed. */
  exportId: string | null;
  onClose(): void;
  onDeleted(exportId: string): void;
}

/** Asks before deleting an export: the file and its download link go with it, for good. */
export function DeleteExportDialog({ exportId, onClose, onDeleted }: DeleteExportDialogProps) {
  const remove = useDeleteExport();
  // The id stays on screen while the dialog fades out after it is closed.
  const [shown, setShown] = useState(exportId);
  if (exportId !== null && exportId !== shown) setShown(exportId);

  function close() {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  }

  function confirm() {
    if (exportId === null) return;
    remove.mutate(exportId, {
      onSuccess: () => {
        remove.reset();
        onDeleted(exportId);
      },
    });
  }

  return (
    <Dialog open={exportId !== null} onClose={close} aria-labelledby="delete-export-title" aria-describedby="delete-export-description">
      <DialogTitle id="delete-export-title">Delete this export?</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-export-description">
          Export {shown} and its CSV file are deleted, and its download link stops working for everyone it was shared with. This cannot be undone; the
          transactions can be exported again at any time.
        </DialogContentText>
        {remove.isError && <ErrorAlert error={remove.error} title="The export was not deleted" sx={{ mt: 2 }} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button color="error" variant="contained" loading={remove.isPending} onClick={confirm}>
          Delete export
        </Button>
      </DialogActions>
    </Dialog>
  );
}
