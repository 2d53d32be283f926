import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import { useForm, useWatch } from 'react-hook-form';
import type { Reward } from '../../../../contract/reward';
import { useLoyaltyPrograms } from '../../../api/get-loyalty-programs';
import { productLabel, useProducts } from '../../../api/get-products';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { useFormApiError } from '../../../lib/use-form-api-error';
import { useCreateReward } from '../api/create-reward';
import { useUpdateReward } from '../api/update-reward';
import { createRewardRequest, emptyRewardForm, kindLabels, placeRewardError, rewardFormOf, rewardFormSchema, updateRewardRequest, type RewardField, type RewardForm } from '../model/reward-form';

interface RewardDialogProps {
  /** The reward to change; null: a new one. */
  reward: Reward | null;
  onClose: () => void;
  onSaved: (reward: Reward, created: boolean) => void;
}

/** Create or change a reward; opened keyed by the reward, so each opening starts from what is stored. */
export function RewardDialog({ reward, onClose, onSaved }: RewardDialogProps) {
  const { control, handleSubmit, setError } = useForm<RewardForm>({ resolver: zodResolver(rewardFormSchema), defaultValues: reward ? rewardFormOf(reward) : emptyRewardForm });
  const kind = useWatch({ control, name: 'kind' });
  const products = useProducts();
  const programs = useLoyaltyPrograms();
  const create = useCreateReward();
  const update = useUpdateReward();
  const { formError, formErrorRef, showApiError, clearFormError } = useFormApiError<RewardField>(placeRewardError, (target, text, focus) => setError(target, { type: 'api', message: text }, { shouldFocus: focus }));

  const submit = handleSubmit((values) => {
    clearFormError();
    if (reward) update.mutate({ id: reward.id, body: updateRewardRequest(values) }, { onSuccess: (saved) => onSaved(saved, false), onError: showApiError });
    else create.mutate(createRewardRequest(values), { onSuccess: (saved) => onSaved(saved, true), onError: showApiError });
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby="reward-dialog-title" fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit} aria-labelledby="reward-dialog-title">
        <DialogTitle id="reward-dialog-title">{reward ? `Edit ${reward.name}` : 'New reward'}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          <FormErrorAlert error={formError} title={reward ? 'The reward was not saved' : 'The reward was not created'} ref={formErrorRef} />
          <FormTextField control={control} name="name" label="Reward name" required autoFocus fullWidth />
          <FormTextField control={control} name="kind" label="What the member gets" select disabled={reward !== null} helperText={reward ? 'Cannot change once the reward is made' : undefined} fullWidth>
            {(Object.keys(kindLabels) as (keyof typeof kindLabels)[]).map((key) => (
              <MenuItem key={key} value={key}>
                {kindLabels[key]}
              </MenuItem>
            ))}
          </FormTextField>
          {kind === 'MATERIAL' && (
            <>
              <FormTextField control={control} name="productId" label="Product" select fullWidth disabled={!products.data} helperText={products.isError ? 'Could not load the products' : undefined}>
                {(products.data?.products ?? []).map((product) => (
                  <MenuItem key={product.id} value={product.id}>
                    {productLabel(product)}
                  </MenuItem>
                ))}
              </FormTextField>
              <FormTextField control={control} name="stock" label="How many are left" helperText="Empty: no limit. Each redemption takes one." slotProps={{ htmlInput: { inputMode: 'numeric' } }} fullWidth />
            </>
          )}
          {kind === 'COIN' && (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
              <FormTextField control={control} name="pointsRatio" label="Points" helperText="So many points…" slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
              <FormTextField control={control} name="amount" label="Take off an order" helperText="…are worth this amount, such as 1.00" slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
            </Box>
          )}
          {kind === 'CAMPAIGN' && (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
              <FormTextField control={control} name="programId" label="Points go to program" select disabled={!programs.data}>
                {(programs.data?.campaigns ?? []).map((program) => (
                  <MenuItem key={program.id} value={program.id}>
                    {program.name}
                  </MenuItem>
                ))}
              </FormTextField>
              <FormTextField control={control} name="points" label="Points added" slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
            </Box>
          )}
          <FormTextField control={control} name="description" label="Description" helperText="Optional" multiline minRows={2} fullWidth />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={create.isPending || update.isPending}>
            {reward ? 'Save reward' : 'Create reward'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
