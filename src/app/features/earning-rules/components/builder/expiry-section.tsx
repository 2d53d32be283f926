import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useController, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../../components/form-text-field';
import { slideMax, type RuleFormControl } from '../../model/rule-form';
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

const slideUnits = [
  { value: 'DAY', label: 'Days' },
  { value: 'MONTH', label: 'Months' },
  { value: 'YEAR', label: 'Year' },
];

type Flag = 'slideEarning' | 'slideSpending' | 'slideCustom';

function FlagBox({ control, name, label }: { control: RuleFormControl; name: Flag; label: string }) {
  const { field } = useController({ control, name });
  return (
    <FormControlLabel
      control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} slotProps={{ input: { ref: field.ref } }} />}
      label={label}
    />
  );
}

/** The custom events that count as activity: one box per event of the project (and any the rule names besides). */
function EventBoxes({ control, eventNames }: { control: RuleFormControl; eventNames: readonly string[] }) {
  const { field, fieldState } = useController({ control, name: 'slideEvents' });
  const names = [...new Set([...eventNames, ...field.value])];
  const toggle = (name: string, on: boolean) => field.onChange(on ? [...field.value, name] : field.value.filter((n) => n !== name));
  return (
    <Box role="group" aria-label="Events that count" sx={{ pl: { xs: 2, sm: 4 } }}>
      <Typography variant="body2" color="text.secondary">
        Events that count (up to 10)
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
        {names.map((name) => (
          <FormControlLabel key={name} control={<Checkbox size="small" checked={field.value.includes(name)} onChange={(event) => toggle(name, event.target.checked)} />} label={name} sx={{ maxWidth: '100%', wordBreak: 'break-word' }} />
        ))}
      </Box>
      {names.length === 0 && <FormHelperText>The project has no custom events yet.</FormHelperText>}
      {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
    </Box>
  );
}

/** Sliding expiration: how long without activity, and which activity keeps the points. */
function InactivityFields({ control, eventNames }: { control: RuleFormControl; eventNames: readonly string[] }) {
  const [unit, custom] = useWatch({ control, name: ['slideUnit', 'slideCustom'] });
  const { fieldState: flags } = useController({ control, name: 'slideEarning' });
  const max = slideMax[unit];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
        <FormTextField control={control} name="slideValue" label="Without activity for" type="number" slotProps={{ htmlInput: { min: 1, max, step: 1 } }} helperText={`1 to ${max}`} />
        <FormSelect control={control} name="slideUnit" label="Unit" options={slideUnits} />
      </Box>
      <Box role="group" aria-label="Activity that keeps the points">
        <Typography variant="body2" color="text.secondary">
          Activity that keeps the points (each moves their expiry forward)
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
          <FlagBox control={control} name="slideEarning" label="Earning points" />
          <FlagBox control={control} name="slideSpending" label="Spending points" />
          <FlagBox control={control} name="slideCustom" label="Custom events" />
        </Box>
        {flags.error && <FormHelperText error>{flags.error.message}</FormHelperText>}
      </Box>
      {custom && <EventBoxes control={control} eventNames={eventNames} />}
    </Box>
  );
}

/** When the points earned expire: never, some months later (rounded up or not), on a day each year, or after a time without activity. */
export function ExpirySection({ control, keepLabel, eventNames = [] }: { control: RuleFormControl; keepLabel?: string; eventNames?: readonly string[] }) {
  const [expiry, rounding] = useWatch({ control, name: ['expiry', 'expiryRounding'] });
  const options = [
    { value: 'never', label: 'Never' },
    { value: 'months', label: 'Some months after they are earned' },
    { value: 'yearly', label: 'On a day of the year' },
    { value: 'inactive', label: 'After a time without activity' },
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
      {expiry === 'inactive' && <InactivityFields control={control} eventNames={eventNames} />}
    </Box>
  );
}
