import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { logFiltersSchema, noFilters, originChoices, statusChoices, type LogFilters } from '../model/log-filters';

interface LogFiltersFormProps {
  filters: LogFilters;
  onChange: (filters: LogFilters) => void;
}

/** The log's filters; applied on "Show requests", kept in the page's address so a link can carry them. */
export function LogFiltersForm({ filters, onChange }: LogFiltersFormProps) {
  const { control, handleSubmit, reset } = useForm<LogFilters>({ resolver: zodResolver(logFiltersSchema), values: filters });
  return (
    <Box
      component="form"
      aria-label="Filter the requests"
      noValidate
      onSubmit={handleSubmit(onChange)}
      sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(6, minmax(0, 1fr))' }, gap: 2, alignItems: 'start' }}
    >
      {/* "Any result" is the empty value: shown as a choice, with the label kept above it. */}
      <FormTextField control={control} name="status" label="Result" select size="small" slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
        {statusChoices.map((choice) => (
          <MenuItem key={choice.value} value={choice.value}>
            {choice.label}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField control={control} name="origin" label="Sent by" select size="small" slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
        {originChoices.map((choice) => (
          <MenuItem key={choice.value} value={choice.value}>
            {choice.label}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField control={control} name="customer" label="Customer" size="small" helperText="Their id here or in your shop" />
      <FormTextField control={control} name="card" label="Card code" size="small" />
      <FormTextField control={control} name="path" label="Address contains" size="small" helperText="e.g. /members or /events" />
      <FormTextField control={control} name="since" label="Since" type="datetime-local" size="small" slotProps={{ inputLabel: { shrink: true } }} />
      <Box sx={{ display: 'flex', gap: 1, gridColumn: { xs: 'auto', sm: '1 / -1' } }}>
        <Button type="submit" variant="contained">
          Show requests
        </Button>
        <Button
          type="button"
          onClick={() => {
            reset(noFilters);
            onChange(noFilters);
          }}
        >
          Clear filters
        </Button>
      </Box>
    </Box>
  );
}
