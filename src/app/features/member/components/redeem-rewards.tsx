import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { MemberReward } from '../../../../contract/reward-assignment';
import { ErrorAlert } from '../../../components/error-alert';
import { errorObjectOf } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';
import { useAffordableRewards } from '../api/get-affordable-rewards';
import { redeemErrorText } from '../model/action-errors';
import { useActionMessage } from '../model/action-message';
import { useRedeemReward } from '../model/use-member-actions';

function priceOf(item: MemberReward): number {
  return item.assignment.parameters?.loyalty.points ?? 0;
}

/** The rewards the card can pay for now; redeeming one asks first, then spends the points. */
export function RedeemRewards({ campaignId, code, balance }: { campaignId: string; code: string; balance: number }) {
  const rewards = useAffordableRewards(code);
  const redeem = useRedeemReward(campaignId, code);
  const [chosen, setChosen] = useState<MemberReward | null>(null);
  const done = useActionMessage(code, 'redeem');

  const close = () => {
    setChosen(null);
    redeem.reset();
  };
  const confirm = async () => {
    if (!chosen) return;
    done.clear();
    try {
      await redeem.mutateAsync(chosen.reward.id);
      done.show(`Redeemed ${chosen.reward.name} for ${formatNumber(priceOf(chosen))} points.`);
      setChosen(null);
    } catch {
      // The dialog shows the error (redeem.error) and stays open.
    }
  };

  // Pay-with-points (COIN) rewards discount an order; the member page has no order to pay, so they are left out.
  const offered = rewards.data?.data.filter((item) => item.reward.type !== 'COIN');
  if (rewards.isError) return <ErrorAlert error={rewards.error} title="Could not load the rewards" onRetry={() => void rewards.refetch()} />;
  return (
    <Box>
      <Box role="status" aria-live="polite">
        {done.text && (
          <Alert severity="success" role="presentation" sx={{ mb: 1 }}>
            {done.text}
          </Alert>
        )}
      </Box>
      {!offered ? (
        <Skeleton variant="rounded" height={80} role="progressbar" aria-label="Loading rewards" />
      ) : offered.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No reward of this program costs {formatNumber(balance)} points or less.
        </Typography>
      ) : (
        <List dense aria-label="Rewards this card can pay for">
          {offered.map((item) => (
            <ListItem
              key={item.assignment.id}
              disableGutters
              divider
              secondaryAction={
                <Button size="small" variant="outlined" onClick={() => setChosen(item)} aria-label={`Redeem ${item.reward.name}`}>
                  Redeem
                </Button>
              }
              sx={{ pr: 12 }}
            >
              <ListItemText primary={item.reward.name} secondary={`${formatNumber(priceOf(item))} points`} />
            </ListItem>
          ))}
        </List>
      )}
      <Dialog open={chosen !== null} onClose={close} aria-labelledby="redeem-dialog-title">
        <DialogTitle id="redeem-dialog-title">Redeem {chosen?.reward.name}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            This spends {formatNumber(chosen ? priceOf(chosen) : 0)} of the card's {formatNumber(balance)} points. The card keeps {formatNumber(balance - (chosen ? priceOf(chosen) : 0))}. It cannot be undone here.
          </DialogContentText>
          {redeem.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {redeemErrorText(errorObjectOf(redeem.error))}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button variant="contained" onClick={() => void confirm()} disabled={redeem.isPending}>
            Redeem for {formatNumber(chosen ? priceOf(chosen) : 0)} points
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
