import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DeleteIcon } from '../../../components/icons';
import { fieldChoices, fieldLabels, operatorChoices, operatorLabels, valueInput, withField, type ConditionRow as Row, type FieldChoice } from '../model/filter-builder';
import type { Operator } from '../../../../contract/segment';

interface ConditionRowProps {
  row: Row;
  /** E.g. "Condition 2" or "Condition 1.3": names the row's controls for assistive tech and tests. */
  label: string;
  onChange: (row: Row) => void;
  onRemove: () => void;
}

const valueLabels = { date: 'Date', number: 'Number', text: 'Value', list: 'Values, comma-separated' } as const;

/** One condition: field (with its key for metadata and events), an operator the field allows, a value. */
export function ConditionRow({ row, label, onChange, onRemove }: ConditionRowProps) {
  const input = valueInput(row);
  const keyLabel = row.field === 'metadata' ? 'Metadata key' : row.field === 'events' ? 'Event name' : null;
  return (
    <Box role="group" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', '& > .MuiTextField-root': { flex: '1 1 150px' } }}>
      <TextField select size="small" label="Field" value={row.field} onChange={(e) => onChange(withField(row, e.target.value as FieldChoice))} sx={{ minWidth: 170 }}>
        {fieldChoices.map((field) => (
          <MenuItem key={field} value={field}>
            {fieldLabels[field]}
          </MenuItem>
        ))}
      </TextField>
      {keyLabel && <TextField size="small" label={keyLabel} value={row.key} onChange={(e) => onChange({ ...row, key: e.target.value })} slotProps={{ htmlInput: { spellCheck: false } }} />}
      <TextField select size="small" label="Operator" value={row.operator} onChange={(e) => onChange({ ...row, operator: e.target.value as Operator })}>
        {operatorChoices(row.field).map((operator) => (
          <MenuItem key={operator} value={operator}>
            {operatorLabels[operator]}
          </MenuItem>
        ))}
      </TextField>
      {input === 'none' ? (
        <Box sx={{ flex: '1 1 150px' }} />
      ) : (
        <TextField
          size="small"
          label={valueLabels[input]}
          type={input === 'date' ? 'date' : input === 'number' ? 'number' : 'text'}
          value={row.value}
          onChange={(e) => onChange({ ...row, value: e.target.value })}
          slotProps={input === 'date' ? { inputLabel: { shrink: true } } : undefined}
        />
      )}
      <IconButton aria-label={`Remove ${label.toLowerCase()}`} onClick={onRemove}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
