import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useFieldArray, useFormState } from 'react-hook-form';
import { AddIcon, DeleteIcon } from '../../../components/icons';
import { FormTextField } from '../../../components/form-text-field';
import type { EnrollFormControl } from '../model/enroll-form-schema';

interface MetadataRowsFieldProps {
  control: EnrollFormControl;
  name: 'customer.metadata' | 'publication.metadata';
  /** E.g. "Customer metadata": the group's heading and the start of each control's name. */
  label: string;
}

/** Key/value rows for a metadata object: add and remove rows; see parseMetadataValue for the value types. */
export function MetadataRowsField({ control, name, label }: MetadataRowsFieldProps) {
  const { fields, append, remove } = useFieldArray({ control, name });
  const { errors } = useFormState({ control, name });
  const group = name === 'customer.metadata' ? errors.customer?.metadata : errors.publication?.metadata;
  const groupError = group?.root?.message ?? group?.message;
  const headingId = `${name.replace('.', '-')}-heading`;
  const lower = label.toLowerCase();

  return (
    <Box role="group" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      {fields.map((field, index) => (
        <Box key={field.id} sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.4fr) auto', gap: 1, mb: 1, alignItems: 'start' }}>
          <FormTextField control={control} name={`${name}.${index}.key`} label="Key" slotProps={{ htmlInput: { 'aria-label': `${label} key ${index + 1}` } }} />
          <FormTextField control={control} name={`${name}.${index}.value`} label="Value" slotProps={{ htmlInput: { 'aria-label': `${label} value ${index + 1}` } }} />
          <IconButton aria-label={`Remove ${lower} row ${index + 1}`} onClick={() => remove(index)} sx={{ mt: 0.25 }}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
      {fields.length > 0 && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 1 }}>
          Values are text; true/false and plain numbers are sent as booleans and numbers. Put a value in double quotes to keep it as text.
        </Typography>
      )}
      {groupError && (
        <FormHelperText error sx={{ mb: 1 }}>
          {groupError}
        </FormHelperText>
      )}
      <Button size="small" startIcon={<AddIcon />} onClick={() => append({ key: '', value: '' })}>
        Add {lower}
      </Button>
    </Box>
  );
}
