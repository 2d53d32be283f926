import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';

/** Monday first, as calendars read; values are the API's 0 (Sunday) … 6 (Saturday). */
const week = [
  { day: 1, label: 'Mon', name: 'Monday' },
  { day: 2, label: 'Tue', name: 'Tuesday' },
  { day: 3, label: 'Wed', name: 'Wednesday' },
  { day: 4, label: 'Thu', name: 'Thursday' },
  { day: 5, label: 'Fri', name: 'Friday' },
  { day: 6, label: 'Sat', name: 'Saturday' },
  { day: 0, label: 'Sun', name: 'Sunday' },
];

interface DayCheckboxesProps {
  /** The group's accessible name, e.g. "Days the rule earns on". */
  label: string;
  value: number[];
  onChange(days: number[]): void;
  error?: string;
}

/** Seven checkboxes in a labelled group; each box is named by its full weekday. */
export function DayCheckboxes({ label, value, onChange, error }: DayCheckboxesProps) {
  const toggle = (day: number, on: boolean) => onChange(on ? [...value, day].sort() : value.filter((d) => d !== day));
  return (
    <Box role="group" aria-label={label}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 0.5 }}>
        {week.map(({ day, label: short, name }) => (
          <FormControlLabel
            key={day}
            sx={{ mr: 1 }}
            control={<Checkbox size="small" checked={value.includes(day)} onChange={(event) => toggle(day, event.target.checked)} slotProps={{ input: { 'aria-label': name } }} />}
            label={short}
          />
        ))}
      </Box>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
