import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { MemberSearchResult } from '../../../../contract/member-search';
import { FormTextField } from '../../../components/form-text-field';
import { errorObjectOf } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';
import { useActionMessage } from '../model/action-message';
import { emptyTransferForm, otherCard, placeTransferError, sourceCode, transferFormSchema, transferRequest, type TransferForm } from '../model/transfer-form';
import { useTransferPoints } from '../model/use-member-actions';

interface TransferPointsFormProps {
  campaignId: string;
  code: string;
  /** The customer's cards (this one among them). */
  cards: readonly MemberSearchResult[];
}

/** Move points to this card from another (a lost card, two cards merged), after a confirmation that names both cards. */
export function TransferPointsForm({ campaignId, code, cards }: TransferPointsFormProps) {
  const transfer = useTransferPoints(campaignId, code);
  const done = useActionMessage(code, 'transfer');
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<TransferForm | null>(null);
  const { control, handleSubmit, setError, reset } = useForm<TransferForm>({ resolver: zodResolver(transferFormSchema), defaultValues: emptyTransferForm });
  const from = useWatch({ control, name: 'from' });
  const others = cards.filter((card) => card.code !== code);

  async function send(values: TransferForm) {
    done.clear();
    setFormError(null);
    try {
      const card = await transfer.mutateAsync(transferRequest(values));
      done.show(`Moved ${formatNumber(Number(values.points))} points from ${sourceCode(values)}. The balance is now ${formatNumber(card.loyalty_card.balance)}.`);
      reset(emptyTransferForm);
    } catch (error) {
      const placed = placeTransferError(errorObjectOf(error), values);
      if (placed.field === 'form') setFormError(placed.text);
      else setError(placed.field, { message: placed.text }, { shouldFocus: true });
    }
  }

  return (
    <Box component="form" noValidate onSubmit={(event) => void handleSubmit((values) => setConfirming(values))(event)} aria-labelledby="transfer-heading" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <FormTextField control={control} name="from" label="From card" select required>
        {others.map((card) => (
          <MenuItem key={card.code} value={card.code}>
            {card.code} · {card.campaign_name} · {formatNumber(card.balance)} points
          </MenuItem>
        ))}
        <MenuItem value={otherCard}>Another customer’s card…</MenuItem>
      </FormTextField>
      {from === otherCard && <FormTextField control={control} name="otherCode" label="Code of the card" required autoComplete="off" />}
      <FormTextField control={control} name="points" label="Points" required slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
      <FormTextField control={control} name="reason" label="Reason" required multiline minRows={2} helperText="Kept in the history of both cards." />
      {formError && <Alert severity="error">{formError}</Alert>}
      <Box role="status" aria-live="polite">
        {done.text && (
          <Alert severity="success" role="presentation">
            {done.text}
          </Alert>
        )}
      </Box>
      <Box>
        <Button type="submit" variant="contained" disabled={transfer.isPending}>
          Move points
        </Button>
      </Box>
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} aria-labelledby="confirm-transfer-title" aria-describedby="confirm-transfer-text">
        <DialogTitle id="confirm-transfer-title">Move {formatNumber(Number(confirming?.points ?? 0))} points?</DialogTitle>
        <DialogContent>
          <DialogContentText id="confirm-transfer-text">
            From card {confirming && sourceCode(confirming)} to card {code}, because: “{confirming?.reason.trim()}”. Both cards’ histories show the move.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>Cancel</Button>
          <Button
            variant="contained"
            disabled={transfer.isPending}
            onClick={() => {
              const values = confirming;
              setConfirming(null);
              if (values) void send(values);
            }}
          >
            Move points
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
