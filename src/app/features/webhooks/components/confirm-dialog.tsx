import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../../components/error-alert';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  error: unknown;
  errorTitle: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a step that cannot be undone (deleting an endpoint, replacing its secret). */
export function ConfirmDialog({ title, children, confirmLabel, danger, pending, error, errorTitle, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby="confirm-title" aria-describedby="confirm-description">
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-description">{children}</DialogContentText>
        {error !== null && error !== undefined && <ErrorAlert error={error} title={errorTitle} sx={{ mt: 2 }} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button color={danger ? 'error' : 'primary'} variant="contained" loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
