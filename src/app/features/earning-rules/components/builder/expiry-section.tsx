import Box from '@mui/material/Box';
import { useWatch } from 'react-hook-form';
import { FormTextField } from '../../../../components/form-text-field';
import type { RuleFormControl } from '../../model/rule-form';
import { FormSelect } from './form-select';

const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const months = monthNames.map((name, i) => ({ value: String(i + 1), label: name }));

const roundings = [
  { value: 'none', label: 'Not rounded' },
  { value: 'END_OF_MONTH', label: 'To the end of that month' },
  { value: 'END_OF_QUARTER', label: 'To the end of that quarter' },
  { value: 'END_OF_HALF_YEAR', label: 'To the end of that half-year' },
  { value: 'END_OF_YEAR', label: 'To the end of that year' },
  { value: 'PARTICULAR_MONTH', label: 'To the end of a month of my choice' },
];

/** When the points earned expire: never, some months later (rounded up or not), or on a day each year. */
export function ExpirySection({ control, keepLabel }: { control: RuleFormControl; keepLabel?: string }) {
  const [expiry, rounding] = useWatch({ control, name: ['expiry', 'expiryRounding'] });
  const options = [
    { value: 'never', label: 'Never' },
    { value: 'months', label: 'Some months after they are earned' },
    { value: 'yearly', label: 'On a day of the year' },
    ...(keepLabel ? [{ value: 'keep', label: `As now: ${keepLabel}` }] : []),
  ];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <FormSelect control={control} name="expiry" label="Points expire" options={options} sx={{ maxWidth: 420 }} />
      {expiry === 'months' && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) minmax(0, 2fr)' }, gap: 2 }}>
          <FormTextField control={control} name="expiryMonths" label="Months" type="number" slotProps={{ htmlInput: { min: 1, max: 12, step: 1 } }} helperText="1 to 12" />
          <FormSelect control={control} name="expiryRounding" label="Rounded up" options={roundings} />
          {rounding === 'PARTICULAR_MONTH' && <FormSelect control={control} name="expiryRoundingMonth" label="Month" options={months} sx={{ gridColumn: { sm: '2' } }} />}
        </Box>
      )}
      {expiry === 'yearly' && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
          <FormTextField control={control} name="expiryDay" label="Day" type="number" slotProps={{ htmlInput: { min: 1, max: 31, step: 1 } }} />
          <FormSelect control={control} name="expiryMonth" label="Month" options={months} />
        </Box>
      )}
    </Box>
  );
}
