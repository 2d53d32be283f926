import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { PendingPoints } from '../../../../contract/pending-points';
import { usePendingPoints } from '../../../api/get-pending-points';
import { ErrorAlert } from '../../../components/error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { errorObjectOf } from '../../../lib/api-error';
import { formatDateTime, formatDay, formatNumber } from '../../../lib/format';
import { useCan } from '../../../lib/session/use-session';
import { pendingPointsErrorText } from '../model/action-errors';
import { cancelPendingFormSchema, type CancelPendingFormValues } from '../model/cancel-pending-form';
import { useActivatePendingPoints, useCancelPendingPoints } from '../model/use-member-actions';
import { useActionMessage } from '../model/action-message';
import { useCursorPages } from '../model/use-cursor-pages';
import { CursorPager } from './cursor-pager';

const pageSize = 10;

function whyOf(item: PendingPoints): string {
  const rule = item.details.earning_rule?.source.banner;
  const from = `a paid order of ${formatDateTime(item.created_at)}`;
  return rule ? `${rule}, from ${from}` : `From ${from}`;
}

/** Asks why before cancelling: the reason goes into the card's history. */
function CancelDialog({ code, item, onClose, onDone }: { code: string; item: PendingPoints | null; onClose: () => void; onDone: (text: string) => void }) {
  const cancel = useCancelPendingPoints(code);
  // Kept while the dialog fades out, so its words do not change as it closes.
  const [last, setLast] = useState(item);
  if (item && item !== last) setLast(item);
  const shown = item ?? last;
  const { control, handleSubmit, reset } = useForm<CancelPendingFormValues>({ resolver: zodResolver(cancelPendingFormSchema), defaultValues: { reason: '' } });
  const close = () => {
    cancel.reset();
    reset({ reason: '' });
    onClose();
  };
  const submit = handleSubmit(async ({ reason }) => {
    if (!item) return;
    try {
      await cancel.mutateAsync({ id: item.id, reason: reason.trim() });
      onDone(`Cancelled ${formatNumber(item.points)} pending points. They will not be added to the card.`);
      close();
    } catch {
      // Shown in the dialog (cancel.error), which stays open.
    }
  });
  return (
    <Dialog open={item !== null} onClose={close} aria-labelledby="cancel-pending-title" fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="cancel-pending-title">Cancel {formatNumber(shown?.points ?? 0)} pending points?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            They were to be added on {shown ? formatDay(shown.activates_at) : ''}. Once cancelled they are never added, and this cannot be undone here.
          </DialogContentText>
          <FormTextField control={control} name="reason" label="Reason" required multiline minRows={2} fullWidth autoFocus helperText="Kept in the card's history, such as the returned order or the ticket number." />
          {cancel.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {pendingPointsErrorText(errorObjectOf(cancel.error), 'cancel')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close}>Keep them</Button>
          <Button type="submit" variant="contained" color="error" disabled={cancel.isPending}>
            Cancel the points
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * Points the card's paid orders hold until the day they activate, newest first. Both roles may
 * activate them now (added to the balance) or cancel them with a reason.
 */
export function PendingPointsList({ code }: { code: string }) {
  const pages = useCursorPages();
  const pending = usePendingPoints(code, pageSize, pages.cursor);
  const activate = useActivatePendingPoints(code);
  const mayManage = useCan('managePendingPoints');
  const [cancelling, setCancelling] = useState<PendingPoints | null>(null);
  const done = useActionMessage(code, 'pending');
  const [failed, setFailed] = useState<string | null>(null);

  const activateNow = async (item: PendingPoints) => {
    done.clear();
    setFailed(null);
    try {
      const result = await activate.mutateAsync(item.id);
      done.show(`Activated ${formatNumber(item.points)} points. The balance is now ${formatNumber(result.balance)}.`);
    } catch (error) {
      setFailed(pendingPointsErrorText(errorObjectOf(error), 'activate'));
    }
  };

  if (pending.isError) return <ErrorAlert error={pending.error} title="Could not load the pending points" onRetry={() => void pending.refetch()} />;
  const list = pending.data;
  return (
    <Box>
      <Box sx={{ height: 4 }}>{pending.isFetching && <LinearProgress aria-label="Loading pending points" />}</Box>
      <Box role="status" aria-live="polite">
        {done.text && (
          <Alert severity="success" role="presentation" sx={{ mb: 1 }}>
            {done.text}
          </Alert>
        )}
      </Box>
      {failed && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {failed}
        </Alert>
      )}
      {list && list.data.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No points are waiting to activate.
        </Typography>
      )}
      {list && list.data.length > 0 && (
        <Box component="ul" aria-label={`Pending points of card ${code}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {list.data.map((item) => (
            <Box
              component="li"
              key={item.id}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, py: 1.25, borderBottom: 1, borderColor: 'divider' }}
            >
              <Box sx={{ minWidth: 0, flex: '1 1 240px' }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {formatNumber(item.points)} points, activate on {formatDay(item.activates_at)}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {whyOf(item)}
                </Typography>
              </Box>
              {mayManage && (
                <Box sx={{ display: 'flex', gap: 1, flex: '0 0 auto' }}>
                  <Button size="small" variant="outlined" onClick={() => void activateNow(item)} disabled={activate.isPending} aria-label={`Activate now: ${formatNumber(item.points)} points due on ${formatDay(item.activates_at)}`}>
                    Activate now
                  </Button>
                  <Button size="small" color="error" onClick={() => setCancelling(item)} aria-label={`Cancel ${formatNumber(item.points)} points due on ${formatDay(item.activates_at)}`}>
                    Cancel
                  </Button>
                </Box>
              )}
            </Box>
          ))}
        </Box>
      )}
      {list && (pages.pageNumber > 1 || list.has_more) && (
        <CursorPager label="Pending points pages" pageNumber={pages.pageNumber} hasOlder={list.has_more && Boolean(list.more_starting_after)} onNewer={pages.newer} onOlder={() => list.more_starting_after && pages.older(list.more_starting_after)} />
      )}
      <CancelDialog code={code} item={cancelling} onClose={() => setCancelling(null)} onDone={done.show} />
    </Box>
  );
}
