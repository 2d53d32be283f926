import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';

/**
 * The Members list shows the cards someone holds; a program with a pre-printed pool has many more
 * that nobody holds yet, which this switch brings into the list.
 */
export function UnissuedCardsSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <FormControlLabel
      control={<Switch checked={checked} onChange={(event) => onChange(event.target.checked)} />}
      label="Include cards not issued yet"
      sx={{ mr: 0 }}
    />
  );
}
