import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { errorObjectOf } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';
import { placeAdjustError } from '../model/action-errors';
import { useActionMessage } from '../model/action-message';
import { adjustFormSchema, adjustRequest, emptyAdjustForm, needsConfirmation, type AdjustFormValues } from '../model/adjust-form';
import { useAdjustPoints } from '../model/use-member-actions';
import { ConfirmAdjustDialog } from './confirm-adjust-dialog';

/** Today as `YYYY-MM-DD` in the reader's zone: the earliest expiry the date field offers. */
function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/**
 * Add or remove points on the card, with a reason the card's history keeps. A removal, and an
 * addition above `largeAdditionThreshold`, asks for confirmation first.
 */
export function AdjustPointsForm({ campaignId, code, balance }: { campaignId: string; code: string; balance: number }) {
  const adjust = useAdjustPoints(campaignId, code);
  const done = useActionMessage(code, 'adjust');
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<AdjustFormValues | null>(null);
  const { control, handleSubmit, setError, reset } = useForm<AdjustFormValues>({ resolver: zodResolver(adjustFormSchema), defaultValues: emptyAdjustForm });
  const direction = useWatch({ control, name: 'direction' });

  async function send(values: AdjustFormValues) {
    done.clear();
    setFormError(null);
    try {
      const result = await adjust.mutateAsync(adjustRequest(values));
      done.show(`${values.direction === 'add' ? 'Added' : 'Removed'} ${formatNumber(Math.abs(result.points))} points. The balance is now ${formatNumber(result.balance)}.`);
      reset(emptyAdjustForm);
    } catch (error) {
      const placed = placeAdjustError(errorObjectOf(error));
      if (placed.field === 'form') setFormError(placed.text);
      else setError(placed.field, { message: placed.text }, { shouldFocus: true });
    }
  }

  const submit = handleSubmit(async (values) => {
    if (needsConfirmation(values)) setConfirming(values);
    else await send(values);
  });
  const confirm = async () => {
    const values = confirming;
    setConfirming(null);
    if (values) await send(values);
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="adjust-heading" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Controller
        control={control}
        name="direction"
        render={({ field }) => (
          <FormControl>
            <FormLabel id="adjust-direction-label">Change</FormLabel>
            <RadioGroup row aria-labelledby="adjust-direction-label" {...field}>
              <FormControlLabel value="add" control={<Radio />} label="Add points" />
              <FormControlLabel value="remove" control={<Radio />} label="Remove points" />
            </RadioGroup>
          </FormControl>
        )}
      />
      <FormTextField control={control} name="points" label="Points" required slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
      <FormTextField control={control} name="reason" label="Reason" required multiline minRows={2} helperText="Kept in the card's history; the customer's words or the ticket number help." />
      {direction === 'add' && (
        <FormTextField
          control={control}
          name="expiresOn"
          label="Points expire on (optional)"
          type="date"
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today() } }}
          helperText="Leave empty to follow the program's expiry rules."
        />
      )}
      {formError && <Alert severity="error">{formError}</Alert>}
      <Box role="status" aria-live="polite">
        {done.text && (
          <Alert severity="success" role="presentation">
            {done.text}
          </Alert>
        )}
      </Box>
      <Box>
        <Button type="submit" variant="contained" disabled={adjust.isPending}>
          {direction === 'add' ? 'Add points' : 'Remove points'}
        </Button>
      </Box>
      <ConfirmAdjustDialog code={code} balance={balance} values={confirming} pending={adjust.isPending} onConfirm={() => void confirm()} onCancel={() => setConfirming(null)} />
    </Box>
  );
}
