import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useFieldArray, useFormState } from 'react-hook-form';
import { AddIcon, DeleteIcon } from '../../../../components/icons';
import { FormTextField } from '../../../../components/form-text-field';
import type { RuleFormControl } from '../../model/rule-form';

/** Key/value rows stored with the rule (for reports and integrations; the engine does not read them). */
export function MetadataSection({ control }: { control: RuleFormControl }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'metadata' });
  const { errors } = useFormState({ control, name: 'metadata' });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {fields.map((field, index) => (
        <Box key={field.id} sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.4fr) auto', gap: 1, alignItems: 'start' }}>
          <FormTextField control={control} name={`metadata.${index}.key`} label="Key" slotProps={{ htmlInput: { 'aria-label': `Metadata key ${index + 1}` } }} />
          <FormTextField control={control} name={`metadata.${index}.value`} label="Value" slotProps={{ htmlInput: { 'aria-label': `Metadata value ${index + 1}` } }} />
          <IconButton aria-label={`Remove metadata row ${index + 1}`} onClick={() => remove(index)} sx={{ mt: 0.25 }}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
      {fields.length > 0 && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
          Plain numbers and true/false are stored as numbers and booleans, everything else as text.
        </Typography>
      )}
      {errors.metadata?.message && <FormHelperText error>{errors.metadata.message}</FormHelperText>}
      <Box>
        <Button size="small" startIcon={<AddIcon />} onClick={() => append({ key: '', value: '' })}>
          Add metadata
        </Button>
      </Box>
    </Box>
  );
}
