import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useController, useWatch } from 'react-hook-form';
import type { EventSchema } from '../../../../../contract/event';
import { FormTextField } from '../../../../components/form-text-field';
import { useSegment } from '../../api/get-segment';
import { effectsFor, type RuleFormControl, type TriggerKind } from '../../model/rule-form';
import { FormSelect } from './form-select';

/** What the rule listens to: a custom event (by its schema), or customers entering a segment. */
export function TriggerSection({ control, schemas, locked }: { control: RuleFormControl; schemas: readonly EventSchema[]; locked: boolean }) {
  const { field } = useController({ control, name: 'trigger' });
  const { field: effect } = useController({ control, name: 'effect' });
  const segmentId = useWatch({ control, name: 'segmentId' });
  const segment = useSegment(segmentId);
  const segmentHelp = segment.data
    ? segment.data.type === 'static'
      ? `'${segment.data.name}' is a static segment: nobody enters it, so it cannot trigger a rule.`
      : `'${segment.data.name}'${segment.data.type === 'passive' ? ' (passive: it becomes auto-update when the rule is saved)' : ''}.`
    : segment.isError
      ? 'No segment has this ID.'
      : 'The ID the Segments page shows for an auto-update or passive segment.';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <FormLabel id="rule-trigger-label" sx={{ typography: 'body2' }}>
          Earn when
        </FormLabel>
        <RadioGroup
          row
          aria-labelledby="rule-trigger-label"
          value={field.value}
          onChange={(event) => {
            const next = event.target.value as TriggerKind;
            field.onChange(next);
            // A calculation the new trigger does not offer goes back to fixed points.
            if (!effectsFor[next].includes(effect.value)) effect.onChange('FIXED');
          }}
        >
          <FormControlLabel value="custom_event" control={<Radio />} label="A custom event arrives" disabled={locked} />
          <FormControlLabel value="segment_entered" control={<Radio />} label="A customer enters a segment" disabled={locked} />
          <FormControlLabel value="order_paid" control={<Radio />} label="An order is paid" disabled={locked} />
        </RadioGroup>
      </Box>
      {field.value === 'order_paid' ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Orders your systems record as paid earn, and so do paid orders recorded on the Events page. The points can be held for some days before they count (below).
        </Typography>
      ) : field.value === 'custom_event' ? (
        <FormSelect
          control={control}
          name="eventSchemaId"
          label="Custom event"
          disabled={locked}
          options={schemas.map((schema) => ({ value: schema.id, label: schema.name }))}
          helperText={locked ? 'A saved rule keeps its trigger: create a new rule for another one.' : 'Events of this name earn, through POST /v1/events or the Events page.'}
          sx={{ maxWidth: 420 }}
        />
      ) : (
        <FormTextField
          control={control}
          name="segmentId"
          label="Segment ID"
          disabled={locked}
          placeholder="seg_…"
          helperText={locked ? `${segmentHelp} A saved rule keeps its trigger.` : segmentHelp}
          sx={{ maxWidth: 420 }}
        />
      )}
    </Box>
  );
}
