import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { tiersPerProgram } from '../../../../contract/loyalty-tier';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { AddIcon, DeleteIcon } from '../../../components/icons';
import { useFormApiError } from '../../../lib/use-form-api-error';
import { useCreateTiers } from '../api/create-tiers';
import { emptyTierRow, placeTierError, tierFormSchema, tiersRequest, type TierField, type TierForm } from '../model/tier-form';

interface CreateTiersFormProps {
  programId: string;
  programName: string;
  ruleIds: readonly string[];
  pricedAssignmentIds: readonly string[];
}

/**
 * Tiers for a program that has none (v1 creates tiers in bulk and never changes them, so this is
 * the one chance to set them): a row per tier, checked as the service checks them.
 */
export function CreateTiersForm({ programId, programName, ruleIds, pricedAssignmentIds }: CreateTiersFormProps) {
  const { control, handleSubmit, setError } = useForm<TierForm>({
    resolver: zodResolver(tierFormSchema),
    defaultValues: { tiers: [{ ...emptyTierRow }] },
    mode: 'onTouched',
  });
  const rows = useFieldArray({ control, name: 'tiers' });
  const create = useCreateTiers();
  const { formError, formErrorRef, showApiError, clearFormError } = useFormApiError<TierField>(placeTierError, (target, text, focus) =>
    setError(target as FieldPath<TierForm>, { type: 'api', message: text }, { shouldFocus: focus }),
  );

  const submit = handleSubmit((values) => {
    clearFormError();
    create.mutate({ programId, tiers: tiersRequest(values, ruleIds, pricedAssignmentIds) }, { onError: showApiError });
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={`Create tiers for ${programName}`}>
      <FormErrorAlert error={formError} title="The tiers were not created" ref={formErrorRef} />
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
        {rows.fields.map((field, index) => (
          <Box component="li" key={field.id} aria-label={`Tier ${index + 1}`} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
              <Typography variant="subtitle1" component="h3">
                Tier {index + 1}
              </Typography>
              {rows.fields.length > 1 && (
                <Button size="small" color="inherit" startIcon={<DeleteIcon />} onClick={() => rows.remove(index)} aria-label={`Remove tier ${index + 1}`}>
                  Remove
                </Button>
              )}
            </Box>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' } }}>
              <FormTextField control={control} name={`tiers.${index}.name`} label="Name" helperText="Such as Silver, Gold" required />
              <FormTextField control={control} name={`tiers.${index}.from`} label="From (points)" helperText="The fewest points it takes" required slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
              <FormTextField control={control} name={`tiers.${index}.to`} label="To (points)" helperText="Leave empty for no upper limit" slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
              <FormTextField
                control={control}
                name={`tiers.${index}.multiplier`}
                label="Points multiplier"
                helperText={ruleIds.length ? 'On every earning rule of the program, such as 1.5; empty: as the rules give' : 'The program has no earning rules yet'}
                disabled={ruleIds.length === 0}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <FormTextField
                control={control}
                name={`tiers.${index}.priceMultiplier`}
                label="Reward price multiplier"
                helperText={pricedAssignmentIds.length ? 'On every reward priced in points, such as 0.5 for half price (rounded up)' : 'The program prices no rewards in points'}
                disabled={pricedAssignmentIds.length === 0}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Box>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 2 }}>
        <Button startIcon={<AddIcon />} onClick={() => rows.append({ ...emptyTierRow })} disabled={rows.fields.length >= tiersPerProgram}>
          Add a tier
        </Button>
        <Button type="submit" variant="contained" loading={create.isPending}>
          Create tiers
        </Button>
      </Box>
    </Box>
  );
}
