import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import { useForm } from 'react-hook-form';
import type { Reward } from '../../../../contract/reward';
import type { RewardAssignment } from '../../../../contract/reward-assignment';
import { useLoyaltyPrograms } from '../../../api/get-loyalty-programs';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { useFormApiError } from '../../../lib/use-form-api-error';
import { useAssignReward } from '../api/assign-reward';
import { useRewardAssignments } from '../api/get-reward-assignments';
import { useUpdateRewardPrice } from '../api/update-reward-price';
import { assignFormSchema, assignRequest, placeAssignError, type AssignField, type AssignForm } from '../model/reward-form';

interface AssignDialogProps {
  reward: Reward;
  /** Changing one program's price; absent: offering the reward in another program. */
  editing?: RewardAssignment;
  onClose: () => void;
  onSaved: (programName: string) => void;
}

/** Offer a reward in a program at a points price, or change that price. Pay with points has no price: the member chooses how many to spend. */
export function AssignDialog({ reward, editing, onClose, onSaved }: AssignDialogProps) {
  const needsPrice = reward.type !== 'COIN';
  const programs = useLoyaltyPrograms();
  // The programs offering it already are not offered again.
  const assignments = useRewardAssignments(reward.id);
  const taken = new Set((assignments.data?.data ?? []).map((a) => a.related_object_id));
  const choices = (programs.data?.campaigns ?? []).filter((p) => p.id === editing?.related_object_id || !taken.has(p.id));
  const { control, handleSubmit, setError } = useForm<AssignForm>({
    resolver: zodResolver(assignFormSchema),
    defaultValues: { programId: editing?.related_object_id ?? '', points: editing?.parameters ? String(editing.parameters.loyalty.points) : '', needsPrice },
  });
  const assign = useAssignReward();
  const price = useUpdateRewardPrice();
  const { formError, formErrorRef, showApiError, clearFormError } = useFormApiError<AssignField>(placeAssignError, (target, text, focus) => setError(target, { type: 'api', message: text }, { shouldFocus: focus }));
  const nameOf = (id: string) => programs.data?.campaigns.find((p) => p.id === id)?.name ?? 'the program';

  const submit = handleSubmit((values) => {
    clearFormError();
    const body = assignRequest(values);
    if (editing) price.mutate({ rewardId: reward.id, assignmentId: editing.id, points: body.parameters?.loyalty.points ?? 0 }, { onSuccess: () => onSaved(nameOf(values.programId)), onError: showApiError });
    else assign.mutate({ rewardId: reward.id, body }, { onSuccess: () => onSaved(nameOf(values.programId)), onError: showApiError });
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby="assign-dialog-title" fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={submit} aria-labelledby="assign-dialog-title">
        <DialogTitle id="assign-dialog-title">{editing ? `Price of ${reward.name}` : `Offer ${reward.name} in a program`}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          <FormErrorAlert error={formError} title={editing ? 'The price was not changed' : 'The reward was not offered'} ref={formErrorRef} />
          <FormTextField control={control} name="programId" label="Program" select fullWidth disabled={editing !== undefined || !programs.data} helperText={!editing && programs.data && choices.length === 0 ? 'Every program offers it already' : undefined}>
            {choices.map((program) => (
              <MenuItem key={program.id} value={program.id}>
                {program.name}
              </MenuItem>
            ))}
          </FormTextField>
          {needsPrice ? (
            <FormTextField control={control} name="points" label="Price in points" required fullWidth slotProps={{ htmlInput: { inputMode: 'numeric' } }} helperText="What a member of this program pays for it" />
          ) : (
            <DialogContentText>Pay with points has no price: members choose how many points to spend.</DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={assign.isPending || price.isPending}>
            {editing ? 'Save price' : 'Offer reward'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
