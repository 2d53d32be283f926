import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useController, useFieldArray, useFormState } from 'react-hook-form';
import { AddIcon, DeleteIcon } from '../../../../components/icons';
import { FormTextField } from '../../../../components/form-text-field';
import type { RuleFormControl } from '../../model/rule-form';
import { DayCheckboxes } from './day-checkboxes';

function HoursWindow({ control, index, onRemove }: { control: RuleFormControl; index: number; onRemove(): void }) {
  const { field, fieldState } = useController({ control, name: `hours.${index}.days` });
  const label = `Hours ${index + 1}`;
  return (
    <Paper variant="outlined" role="group" aria-label={label} sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="subtitle2" component="h4">
          {label}
        </Typography>
        <IconButton aria-label={`Remove hours ${index + 1}`} onClick={onRemove} size="small">
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}>
        <FormTextField control={control} name={`hours.${index}.start`} label="From (UTC)" type="time" slotProps={{ inputLabel: { shrink: true } }} />
        <FormTextField control={control} name={`hours.${index}.end`} label="Until (UTC)" type="time" slotProps={{ inputLabel: { shrink: true } }} />
      </Box>
      <DayCheckboxes label={`Days of hours ${index + 1}`} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
    </Paper>
  );
}

/** The active period (dates), whole days of the week, and hours of the day; all UTC, as the engine reads them. */
export function WhenSection({ control }: { control: RuleFormControl }) {
  const days = useController({ control, name: 'days' });
  const { fields, append, remove } = useFieldArray({ control, name: 'hours' });
  const { errors } = useFormState({ control, name: 'hours' });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
        <FormTextField control={control} name="startDate" label="Starts (UTC, optional)" type="datetime-local" slotProps={{ inputLabel: { shrink: true } }} />
        <FormTextField control={control} name="endDate" label="Ends (UTC, optional)" type="datetime-local" slotProps={{ inputLabel: { shrink: true } }} />
      </Box>
      <Box>
        <Typography variant="body2" id="rule-days-label" sx={{ mb: 0.5 }}>
          Only on these days (none ticked: every day)
        </Typography>
        <DayCheckboxes label="Days the rule earns on" value={days.field.value} onChange={days.field.onChange} error={days.fieldState.error?.message} />
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography variant="body2">Only during these hours (none: at any time of day). A window whose end is before its start runs past midnight.</Typography>
        {fields.map((window, index) => (
          <HoursWindow key={window.id} control={control} index={index} onRemove={() => remove(index)} />
        ))}
        {errors.hours?.message && <FormHelperText error>{errors.hours.message}</FormHelperText>}
        <Box>
          <Button size="small" startIcon={<AddIcon />} onClick={() => append({ days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' })}>
            Add hours
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
