import Box from '@mui/material/Box';
import { useWatch } from 'react-hook-form';
import { FormTextField } from '../../../../components/form-text-field';
import type { RuleFormControl } from '../../model/rule-form';
import { FormSelect } from './form-select';

const cooldowns = [
  { value: 'none', label: 'No cooldown' },
  { value: 'HOUR', label: 'Hours' },
  { value: 'DAY', label: 'Days' },
  { value: 'WEEK', label: 'Weeks' },
  { value: 'MONTH', label: 'Months' },
  { value: 'YEAR', label: 'Year' },
];
const cooldownMax = { none: 1, HOUR: 24, DAY: 90, WEEK: 52, MONTH: 12, YEAR: 1 } as const;

const frequencies = [
  { value: 'none', label: 'No limit' },
  { value: 'DAY', label: 'A day' },
  { value: 'WEEK', label: 'A week (Monday to Sunday)' },
  { value: 'MONTH', label: 'A month' },
  { value: 'QUARTER', label: 'A quarter' },
  { value: 'YEAR', label: 'A year' },
];

/** Per card: a wait between two earnings, and at most so many earnings per calendar period (UTC). */
export function LimitsSection({ control }: { control: RuleFormControl }) {
  const [cooldown, frequency] = useWatch({ control, name: ['cooldown', 'frequency'] });
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
      <FormSelect control={control} name="cooldown" label="Wait between earnings" options={cooldowns} />
      {cooldown !== 'none' ? (
        <FormTextField
          control={control}
          name="cooldownValue"
          label={`How many ${cooldowns.find((c) => c.value === cooldown)?.label.toLowerCase()}`}
          type="number"
          helperText={`1 to ${cooldownMax[cooldown]}`}
          slotProps={{ htmlInput: { min: 1, max: cooldownMax[cooldown], step: 1 } }}
        />
      ) : (
        <Box sx={{ display: { xs: 'none', sm: 'block' } }} />
      )}
      <FormSelect control={control} name="frequency" label="At most, per" options={frequencies} />
      {frequency !== 'none' && <FormTextField control={control} name="frequencyMax" label="Times" type="number" slotProps={{ htmlInput: { min: 1, step: 1 } }} />}
    </Box>
  );
}
