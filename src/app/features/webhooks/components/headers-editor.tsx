import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFieldArray, type Control, type FieldErrors } from 'react-hook-form';
import { webhookLimits } from '../../../../contract/webhook';
import { AddIcon, DeleteIcon } from '../../../components/icons';
import type { EndpointFormValues } from '../model/endpoint-form';

interface HeadersEditorProps {
  control: Control<EndpointFormValues>;
  register: (name: `headers.${number}.name` | `headers.${number}.value`) => object;
  errors: FieldErrors<EndpointFormValues>['headers'];
  disabled?: boolean;
}

/** Custom headers sent with every webhook, one row each (a key your system checks, a team name). */
export function HeadersEditor({ control, register, errors, disabled }: HeadersEditorProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'headers' });
  const listError = errors?.message ?? errors?.root?.message;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Custom headers
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        Optional: sent with every webhook, such as a key your system checks. Up to {webhookLimits.headers}.
      </Typography>
      {fields.map((field, index) => (
        <Box key={field.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
          <TextField
            {...register(`headers.${index}.name`)}
            label="Header name"
            size="small"
            disabled={disabled}
            error={Boolean(errors?.[index]?.name)}
            helperText={errors?.[index]?.name?.message}
            sx={{ flex: { xs: '1 1 100%', sm: '0 1 220px' } }}
          />
          <TextField
            {...register(`headers.${index}.value`)}
            label="Value"
            size="small"
            disabled={disabled}
            error={Boolean(errors?.[index]?.value)}
            helperText={errors?.[index]?.value?.message}
            sx={{ flex: '1 1 auto', minWidth: 0 }}
          />
          <IconButton aria-label={`Remove header ${index + 1}`} onClick={() => remove(index)} disabled={disabled}>
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      {listError && (
        <FormHelperText error sx={{ whiteSpace: 'pre-line', mb: 1 }}>
          {listError}
        </FormHelperText>
      )}
      <Button startIcon={<AddIcon />} onClick={() => append({ name: '', value: '' })} disabled={disabled || fields.length >= webhookLimits.headers}>
        Add header
      </Button>
    </Box>
  );
}
