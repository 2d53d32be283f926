import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useForm, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { ErrorAlert } from '../../../components/error-alert';
import { errorObjectOf } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';
import {
  confirmationHint,
  customerLabel,
  deletionConfirmationSchema,
  deletionConfirmed,
  type CustomerDeletionKind,
  type DeletableCustomer,
  type DeletionConfirmationValues,
} from '../model/delete-customer-confirmation';
import { useDeleteCustomer } from '../model/use-member-actions';

interface DeleteCustomerDialogProps {
  kind: CustomerDeletionKind;
  customer: DeletableCustomer & { id: string };
  /** How many segments and cards the customer has, to say what happens to them. */
  segmentCount: number | undefined;
  cardCount: number | undefined;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}

const count = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** What the service does (services/customer-deletion.ts), in the words of the person deciding. */
function consequences(kind: CustomerDeletionKind, who: string, segments: number | undefined, cards: number | undefined): string[] {
  const segmentWords = segments === undefined ? 'every segment they are in' : segments === 0 ? 'all segments (they are in none now)' : `the ${count(segments, 'segment', 'segments')} they are in`;
  const cardWords = cards === undefined ? 'Their loyalty cards' : cards === 1 ? 'Their loyalty card' : `Their ${formatNumber(cards)} loyalty cards`;
  if (kind === 'delete') {
    return [
      `${who} no longer appears in the member search or when looking customers up, and leaves ${segmentWords}.`,
      `${cardWords} ${cards === 1 ? 'stays' : 'stay'} in the program, with their points and full history, and can still be opened by card code.`,
      'The program’s member list, past orders and card history keep showing their name and e-mail. To remove those too, erase the customer permanently instead.',
      'If your own systems send this customer again, they are added as a new customer.',
      'A deleted customer cannot be brought back, and this page cannot erase them afterwards: if they asked to be forgotten, erase them permanently instead.',
    ];
  }
  return [
    'Everything this person told us is erased wherever it is kept: name, e-mail, phone, address and other details, on the customer and on their orders, events, card history, webhook messages and the API log.',
    `They no longer appear in customer lists or the member search, and leave ${segmentWords}.`,
    `${cardWords}, points and order amounts stay, with no one named on them.`,
    'This cannot be undone: nobody can get these details back.',
  ];
}

/** A customer already gone (deleted elsewhere meanwhile) is said as such; anything else as not done. */
function failureTitle(erase: boolean, error: unknown): string {
  if (errorObjectOf(error).code === 404) return 'This customer was already deleted, perhaps by someone else';
  return erase ? 'Nothing was erased' : 'The customer was not deleted';
}

/**
 * Deleting a customer, or erasing one for good (marketing). The button works only once the words shown
 * are typed (model/delete-customer-confirmation): the name or e-mail to delete, "erase" and the e-mail
 * to erase. A failure shows above the button, and the dialog stays open.
 */
export function DeleteCustomerDialog({ kind, customer, segmentCount, cardCount, open, onClose, onDeleted }: DeleteCustomerDialogProps) {
  const remove = useDeleteCustomer(kind);
  const { control, handleSubmit, reset } = useForm<DeletionConfirmationValues>({ resolver: zodResolver(deletionConfirmationSchema(kind, customer)), defaultValues: { confirmation: '' } });
  const typed = useWatch({ control, name: 'confirmation' });
  const who = customerLabel(customer);
  const erase = kind === 'erase';
  const ids = { title: `${kind}-customer-title`, text: `${kind}-customer-text` };
  const close = () => {
    reset({ confirmation: '' });
    remove.reset();
    onClose();
  };
  // mutateAsync: the page moves on even if this dialog unmounts first (member search no longer finds the holder).
  const submit = handleSubmit(() =>
    remove.mutateAsync(customer.id).then(onDeleted, () => {
      // Shown in the dialog (remove.error), which stays open.
    }),
  );
  return (
    // scroll="paper" and a flex form: the explanation scrolls, the confirmation's actions stay on screen on a phone.
    <Dialog open={open} onClose={close} aria-labelledby={ids.title} aria-describedby={ids.text} fullWidth maxWidth="sm" scroll="paper">
      <Box component="form" sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }} noValidate aria-label={erase ? 'Erase the customer permanently' : 'Delete the customer'} onSubmit={(event) => void submit(event)}>
        <DialogTitle id={ids.title} sx={{ overflowWrap: 'anywhere' }}>
          {erase ? `Erase ${who} permanently?` : `Delete ${who}?`}
        </DialogTitle>
        <DialogContent>
          <Box id={ids.text}>
            <DialogContentText component="p">{erase ? 'What happens when you erase this customer:' : 'What happens when you delete this customer:'}</DialogContentText>
            <Box component="ul" sx={{ pl: 2.5, mt: 1, mb: 2, color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {consequences(kind, who, segmentCount, cardCount).map((line) => (
                <li key={line}>
                  <DialogContentText component="span">{line}</DialogContentText>
                </li>
              ))}
            </Box>
          </Box>
          <FormTextField
            control={control}
            name="confirmation"
            label={erase ? 'Type to confirm the erasure' : 'Type to confirm the deletion'}
            helperText={confirmationHint(kind, customer)}
            fullWidth
            autoFocus
            autoComplete="off"
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
          />
          {remove.isError && <ErrorAlert error={remove.error} title={failureTitle(erase, remove.error)} sx={{ mt: 2 }} />}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" color="error" disabled={!deletionConfirmed(kind, customer, typed)} loading={remove.isPending}>
            {erase ? 'Erase permanently' : 'Delete customer'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
