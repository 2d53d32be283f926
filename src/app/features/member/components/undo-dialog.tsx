import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { CardTransaction } from '../../../../contract/card-transaction';
import { FormTextField } from '../../../components/form-text-field';
import { errorObjectOf } from '../../../lib/api-error';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { undoErrorText, undoReasonSchema, type Undo, type UndoReason } from '../model/undo';
import { useUndoChange } from '../model/use-member-actions';

interface UndoDialogProps {
  code: string;
  transaction: CardTransaction;
  undo: Undo;
  onClose: () => void;
  /** The success message, shown by the page (this dialog closes on success). */
  onDone: (text: string) => void;
  /** A new attempt: an earlier action's message no longer holds. */
  onStart: () => void;
}

/** What undoing this transaction does, in a sentence the agent confirms. */
function consequence(transaction: CardTransaction, undo: Undo, code: string): { title: string; text: string; button: string } {
  const points = formatNumber(Math.abs(transaction.details.balance.points));
  const when = formatDateTime(transaction.created_at);
  if (undo.kind === 'rollback') {
    const reward = transaction.details.reward?.name ?? 'the reward';
    return {
      title: 'Roll back this redemption?',
      text: `${reward}, redeemed ${when}: the ${points} points go back to card ${code}, and a product reward goes back into stock. It can be rolled back once.`,
      button: 'Roll back',
    };
  }
  const added = transaction.type === 'POINTS_ADDITION';
  return {
    title: added ? `Take back ${points} points?` : `Give back ${points} points?`,
    text: added
      ? `The ${points} points added by hand ${when} are removed from card ${code}. The change stays in the history, with this reversal beside it. It can be reversed once.`
      : `The ${points} points removed by hand ${when} are added to card ${code} again. The change stays in the history, with this reversal beside it. It can be reversed once.`,
    button: added ? 'Take back points' : 'Give back points',
  };
}

/** Undoing a redemption or a manual change: what it does, a required reason the history keeps, then the button. */
export function UndoDialog({ code, transaction, undo, onClose, onDone, onStart }: UndoDialogProps) {
  const change = useUndoChange(code);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<UndoReason>({ resolver: zodResolver(undoReasonSchema), defaultValues: { reason: '' } });
  const words = consequence(transaction, undo, code);

  const submit = handleSubmit(async ({ reason }) => {
    onStart();
    setFailure(null);
    try {
      await change.mutateAsync({ undo, transactionId: transaction.id, reason: reason.trim() });
      onDone(undo.kind === 'rollback' ? `The redemption was rolled back: ${formatNumber(Math.abs(transaction.details.balance.points))} points are back on the card.` : 'The change was reversed.');
      onClose();
    } catch (error) {
      setFailure(undoErrorText(errorObjectOf(error), undo));
    }
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby="undo-title" aria-describedby="undo-text" fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="undo-title">
        <DialogTitle id="undo-title">{words.title}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText id="undo-text">{words.text}</DialogContentText>
          {failure && <Alert severity="error">{failure}</Alert>}
          <FormTextField control={control} name="reason" label="Reason" required multiline minRows={2} autoFocus helperText="Kept in the card's history." />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" color="error" loading={change.isPending}>
            {words.button}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
