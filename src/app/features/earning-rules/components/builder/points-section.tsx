import Box from '@mui/material/Box';
import { useWatch } from 'react-hook-form';
import type { EventSchema } from '../../../../../contract/event';
import { FormTextField } from '../../../../components/form-text-field';
import type { RuleFormControl } from '../../model/rule-form';
import { FormSelect } from './form-select';

const effectOptions = {
  custom_event: [
    { value: 'FIXED', label: 'A fixed number of points' },
    { value: 'CUSTOM_EVENT_METADATA', label: "Points per amount of an event's property" },
    { value: 'CUSTOMER_METADATA', label: "Points per amount of a customer's property" },
  ],
  segment_entered: [
    { value: 'FIXED', label: 'A fixed number of points' },
    { value: 'CUSTOMER_METADATA', label: "Points per amount of a customer's property" },
  ],
} as const;

/** How many points: fixed, or proportional to a number in the event's or the customer's metadata. */
export function PointsSection({ control, schema }: { control: RuleFormControl; schema: EventSchema | undefined }) {
  const [trigger, effect] = useWatch({ control, name: ['trigger', 'effect'] });
  const numberProperties = Object.entries(schema?.properties ?? {})
    .filter(([, property]) => property.type === 'number')
    .map(([name]) => ({ value: name, label: name }));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <FormSelect control={control} name="effect" label="Points" options={effectOptions[trigger]} sx={{ maxWidth: 420 }} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
        <FormTextField control={control} name="points" label={effect === 'FIXED' ? 'Points each time' : 'Points'} type="number" slotProps={{ htmlInput: { min: 1, step: 1 } }} />
        {effect !== 'FIXED' && <FormTextField control={control} name="every" label="For every" type="number" slotProps={{ htmlInput: { min: 1, step: 1 } }} />}
        {effect === 'CUSTOM_EVENT_METADATA' && (
          <FormSelect
            control={control}
            name="property"
            label="Of the event's"
            options={numberProperties}
            helperText={schema ? (numberProperties.length ? 'A number property of the event.' : `${schema.name} has no number property.`) : 'Choose the custom event first.'}
          />
        )}
        {effect === 'CUSTOMER_METADATA' && <FormTextField control={control} name="property" label="Of the customer's" helperText="A customer metadata key holding a number." />}
      </Box>
    </Box>
  );
}
