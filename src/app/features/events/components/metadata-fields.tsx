import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { Control } from 'react-hook-form';
import type { TrackEventRequest } from '../../../../contract/event';
import { FormTextField } from '../../../components/form-text-field';
import type { EventFormValues, PropertyEntry } from '../model/event-form';

const inputs = {
  string: { type: 'text', helper: 'Text' },
  number: { type: 'number', helper: 'Number' },
  date: { type: 'date', helper: 'Date' },
  datetime: { type: 'datetime-local', helper: 'Date and time, UTC' },
  object: { type: 'text', helper: 'JSON object' },
} as const;

/** One typed input per metadata property of the chosen event's schema. */
export function MetadataFields({ control, properties, event }: { control: Control<EventFormValues, unknown, TrackEventRequest>; properties: PropertyEntry[]; event: string }) {
  if (properties.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        The {event || 'chosen'} event defines no metadata.
      </Typography>
    );
  }
  return (
    <>
      {properties.map(([name, definition], i) => {
        const label = `${name}${definition.required ? ' *' : ''}`;
        const helper = `${definition.type === 'boolean' ? 'Yes or no' : inputs[definition.type].helper}${definition.required ? ', required' : ', optional'}`;
        if (definition.type === 'boolean') {
          return (
            <FormTextField key={`${event}.${name}`} control={control} name={`metadata.${i}`} select label={label} helperText={helper}>
              <MenuItem value="">Not sent</MenuItem>
              <MenuItem value="true">true</MenuItem>
              <MenuItem value="false">false</MenuItem>
            </FormTextField>
          );
        }
        const input = inputs[definition.type];
        return (
          <FormTextField
            key={`${event}.${name}`}
            control={control}
            name={`metadata.${i}`}
            label={label}
            type={input.type}
            helperText={helper}
            multiline={definition.type === 'object'}
            minRows={definition.type === 'object' ? 2 : undefined}
            slotProps={definition.type === 'date' || definition.type === 'datetime' ? { inputLabel: { shrink: true } } : definition.type === 'number' ? { htmlInput: { step: 'any' } } : undefined}
          />
        );
      })}
    </>
  );
}
