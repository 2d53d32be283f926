import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Customer } from '../../../../contract/customer';
import { FormTextField } from '../../../components/form-text-field';
import { errorObjectOf } from '../../../lib/api-error';
import { customerChanges, customerFieldLabels, customerFormSchema, customerUpdateOf, type CustomerFormValues } from '../model/customer-form';
import { useUpdateCustomer } from '../model/use-member-actions';

const formValuesOf = (customer: Customer): CustomerFormValues => ({ name: customer.name ?? '', email: customer.email ?? '', phone: customer.phone ?? '' });
const shown = (value: string) => (value === '' ? 'empty' : `“${value}”`);

/**
 * Corrects the holder's name, e-mail and phone. The form first shows what will change, field by
 * field, and saves only after that is confirmed; fields left as they were are not sent.
 */
export function EditCustomerDialog({ code, customer, open, onClose, onDone }: { code: string; customer: Customer; open: boolean; onClose: () => void; onDone: (text: string) => void }) {
  const update = useUpdateCustomer(code);
  const stored = formValuesOf(customer);
  const [review, setReview] = useState<CustomerFormValues | null>(null);
  const { control, handleSubmit, reset } = useForm<CustomerFormValues>({ resolver: zodResolver(customerFormSchema), values: stored });
  const changes = review ? customerChanges(stored, review) : [];
  const close = () => {
    update.reset();
    setReview(null);
    reset(stored);
    onClose();
  };
  const toReview = handleSubmit((values) => setReview(values));
  const save = async () => {
    try {
      await update.mutateAsync({ customerId: customer.id, body: customerUpdateOf(changes) });
      onDone(`Saved the new ${changes.map((c) => customerFieldLabels[c.field].toLowerCase()).join(', ')} for ${review?.name || customer.name || 'this customer'}.`);
      close();
    } catch {
      // Shown in the dialog (update.error), which stays open.
    }
  };
  const failure = update.isError ? errorObjectOf(update.error) : undefined;
  return (
    <Dialog open={open} onClose={close} aria-labelledby="edit-customer-title" fullWidth maxWidth="sm">
      {!review ? (
        <Box component="form" noValidate aria-label="Customer details" onSubmit={(event) => void toReview(event)}>
          <DialogTitle id="edit-customer-title">Correct the customer’s details</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>Leave a field empty to clear it. You will see what changes before it is saved.</DialogContentText>
            <Stack spacing={2}>
              <FormTextField control={control} name="name" label="Name" fullWidth autoFocus autoComplete="off" />
              <FormTextField control={control} name="email" label="E-mail" type="email" fullWidth autoComplete="off" />
              <FormTextField control={control} name="phone" label="Phone" type="tel" fullWidth autoComplete="off" />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="contained">
              Review changes
            </Button>
          </DialogActions>
        </Box>
      ) : (
        <>
          <DialogTitle id="edit-customer-title">{changes.length === 0 ? 'Nothing to change' : 'Save these changes?'}</DialogTitle>
          <DialogContent>
            {changes.length === 0 ? (
              <DialogContentText>The details are as they were.</DialogContentText>
            ) : (
              <Box component="ul" aria-label="Changes" sx={{ pl: 2.5, m: 0 }}>
                {changes.map((change) => (
                  <li key={change.field}>
                    {customerFieldLabels[change.field]}: {shown(change.from)} becomes {shown(change.to)}
                  </li>
                ))}
              </Box>
            )}
            {failure && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {failure.code === 409 ? 'Another customer already has these details.' : `Could not save the changes: ${failure.message}.`}
              </Alert>
            )}
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={() => setReview(null)}>Back to the details</Button>
            <Button variant="contained" onClick={() => void save()} disabled={changes.length === 0 || update.isPending}>
              Save changes
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
