import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { formatNumber } from '../../../lib/format';
import type { AdjustFormValues } from '../model/adjust-form';

/** "Remove 40 points from COFFEE-0010?": the change spelled out before it is made, as redeeming asks. */
export function ConfirmAdjustDialog({
  code,
  balance,
  values,
  pending,
  onConfirm,
  onCancel,
}: {
  code: string;
  balance: number;
  values: AdjustFormValues | null;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const points = Number(values?.points ?? 0);
  const removing = values?.direction === 'remove';
  const after = removing ? balance - points : balance + points;
  return (
    <Dialog open={values !== null} onClose={onCancel} aria-labelledby="confirm-adjust-title" aria-describedby="confirm-adjust-text">
      <DialogTitle id="confirm-adjust-title">{removing ? `Remove ${formatNumber(points)} points?` : `Add ${formatNumber(points)} points?`}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-adjust-text">
          {removing ? `From card ${code}` : `To card ${code}`}, because: “{values?.reason.trim()}”. The balance goes from {formatNumber(balance)} to {formatNumber(after)}
          {removing ? '; removed points cannot be put back except by adding them again.' : '.'}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" color={removing ? 'error' : 'primary'} onClick={onConfirm} disabled={pending}>
          {removing ? 'Remove points' : 'Add points'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
