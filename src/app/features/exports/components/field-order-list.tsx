import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { Controller, useFieldArray, useFormState } from 'react-hook-form';
import { fieldDescriptions, type ExportFormControl } from '../model/export-form';
import { ArrowDownIcon, ArrowUpIcon } from './arrow-icons';

const monospace = 'ui-monospace, SFMono-Regular, Menlo, monospace';

/**
 * The CSV columns: a checkbox per exportable field, in the order the columns will have, with
 * buttons to move a field up or down (keyboard and screen-reader friendly, unlike dragging).
 */
export function FieldOrderList({ control }: { control: ExportFormControl }) {
  const { fields, move, update } = useFieldArray({ control, name: 'fields' });
  const { errors } = useFormState({ control, name: 'fields' });
  const error = errors.fields?.root?.message ?? errors.fields?.message;

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Typography id="export-fields-label" variant="body2" sx={{ fontWeight: 600, flex: 1 }}>
          Columns, in file order
        </Typography>
        <Button size="small" onClick={() => fields.forEach((row, index) => update(index, { field: row.field, included: true }))}>
          All
        </Button>
        <Button size="small" onClick={() => fields.forEach((row, index) => update(index, { field: row.field, included: false }))}>
          None
        </Button>
      </Box>
      <List dense aria-labelledby="export-fields-label" sx={{ border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1, py: 0 }}>
        {fields.map((row, index) => (
          <ListItem
            key={row.id}
            divider={index < fields.length - 1}
            secondaryAction={
              <Box sx={{ display: 'flex' }}>
                <IconButton size="small" aria-label={`Move ${row.field} up`} disabled={index === 0} onClick={() => move(index, index - 1)}>
                  <ArrowUpIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" aria-label={`Move ${row.field} down`} disabled={index === fields.length - 1} onClick={() => move(index, index + 1)}>
                  <ArrowDownIcon fontSize="small" />
                </IconButton>
              </Box>
            }
            sx={{ pr: 11 }}
          >
            <Controller
              control={control}
              name={`fields.${index}.included`}
              render={({ field }) => (
                <FormControlLabel
                  control={<Checkbox size="small" checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} slotProps={{ input: { ref: field.ref } }} />}
                  label={
                    <span>
                      <Box component="span" sx={{ fontFamily: monospace, fontSize: 13 }}>
                        {row.field}
                      </Box>
                      <Box component="span" sx={{ color: 'text.secondary', fontSize: 13 }}>
                        {' '}
                        — {fieldDescriptions[row.field]}
                      </Box>
                    </span>
                  }
                />
              )}
            />
          </ListItem>
        ))}
      </List>
      {error && (
        <FormHelperText error role="alert">
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
