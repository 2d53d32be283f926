import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormLabel from '@mui/material/FormLabel';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';

export type IdentifyBy = 'source_id' | 'id';

/** "Identify customer by": source ID or customer ID, as the API's `customer` accepts either. */
export function IdentifyByToggle({ labelId, value, onChange }: { labelId: string; value: IdentifyBy; onChange: (next: IdentifyBy) => void }) {
  return (
    <Box>
      <FormLabel id={labelId} sx={{ display: 'block', mb: 0.75, typography: 'body2' }}>
        Identify customer by
      </FormLabel>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        aria-labelledby={labelId}
        value={value}
        onChange={(_event, next: IdentifyBy | null) => {
          // An exclusive toggle can be clicked off; keep one choice selected.
          if (next && next !== value) onChange(next);
        }}
      >
        <ToggleButton value="source_id">Source ID</ToggleButton>
        <ToggleButton value="id">Customer ID</ToggleButton>
      </ToggleButtonGroup>
    </Box>
  );
}

/** The toggle bound to a react-hook-form field; `onChanged` runs after a new choice (e.g. to clear the identifier's error). */
export function FormIdentifyByToggle<T extends FieldValues, TTransformed>({
  control,
  name,
  labelId,
  onChanged,
}: {
  control: Control<T, unknown, TTransformed>;
  name: FieldPath<T>;
  labelId: string;
  onChanged: () => void;
}) {
  const { field } = useController({ control, name });
  return (
    <IdentifyByToggle
      labelId={labelId}
      value={field.value as IdentifyBy}
      onChange={(next) => {
        field.onChange(next);
        onChanged();
      }}
    />
  );
}
