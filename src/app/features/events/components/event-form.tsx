import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useController, useForm, useWatch, type Control, type Resolver } from 'react-hook-form';
import type { EventSchema, TrackEventRequest } from '../../../../contract/event';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { useFormApiError } from '../../../lib/use-form-api-error';
import { useFireEvent, type FireResult } from '../hooks/use-fire-event';
import { placeEventError } from '../model/api-error-fields';
import { emptyEventForm, eventFormSchema, propertiesOf, type EventFormValues, type IdentifyBy } from '../model/event-form';
import { MetadataFields } from './metadata-fields';
import { FormSection } from '../../../components/form-section';
import { FormIdentifyByToggle } from '../../../components/identify-by-toggle';

type EventControl = Control<EventFormValues, unknown, TrackEventRequest>;

const identifierCopy: Record<IdentifyBy, { label: string; helper: string }> = {
  source_id: { label: 'Customer source ID', helper: "Required. Your system's id for the customer; an unknown source ID creates the customer." },
  id: { label: 'Customer ID', helper: 'Required. The id the service gave the customer, starting with cust_; it must exist.' },
};


function EventSelect({ control, schemas, onChanged }: { control: EventControl; schemas: EventSchema[]; onChanged: () => void }) {
  const { field, fieldState } = useController({ control, name: 'event' });
  return (
    <TextField
      select
      label="Event"
      value={field.value}
      inputRef={field.ref}
      onBlur={field.onBlur}
      onChange={(e) => {
        field.onChange(e.target.value);
        onChanged();
      }}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message ?? 'A custom event of the project’s event schemas; its metadata fields appear below.'}
    >
      {schemas.map((schema) => (
        <MenuItem key={schema.id} value={schema.name}>
          {schema.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Track Custom Event: the event with its typed metadata, the customer, and optionally a card and a referral. */
export function EventForm({ schemas, onFired }: { schemas: EventSchema[]; onFired: (result: FireResult) => void }) {
  const byName = useMemo(() => new Map(schemas.map((s) => [s.name, s])), [schemas]);
  // The rules depend on the chosen event's schema, so the resolver is built for each validation.
  const resolver: Resolver<EventFormValues, unknown, TrackEventRequest> = (values, context, options) =>
    (zodResolver(eventFormSchema(byName.get(values.event))) as unknown as Resolver<EventFormValues, unknown, TrackEventRequest>)(values, context, options);
  const { control, handleSubmit, setError, setValue, clearErrors } = useForm<EventFormValues, unknown, TrackEventRequest>({
    resolver,
    defaultValues: { ...emptyEventForm, event: schemas[0]?.name ?? '' },
  });
  const event = useWatch({ control, name: 'event' });
  const identifyBy = useWatch({ control, name: 'identifyBy' });
  const properties = propertiesOf(byName.get(event));
  const fire = useFireEvent();
  const { formError, formErrorRef, showApiError, clearFormError } = useFormApiError(
    (error) => placeEventError(error, properties.map(([name]) => name)),
    (target, text, focus) => setError(target, { type: 'api', message: text }, { shouldFocus: focus }),
  );

  const submit = handleSubmit((body) => {
    clearFormError();
    fire.mutate(body, { onSuccess: onFired, onError: showApiError });
  });

  const identifier = identifierCopy[identifyBy];
  return (
    <Paper component="form" noValidate onSubmit={submit} aria-labelledby="event-form-heading" sx={{ p: 3 }}>
      <Typography id="event-form-heading" variant="h2" sx={{ mb: 2 }}>
        Send an event
      </Typography>
      <FormErrorAlert error={formError} title="The event was not sent" ref={formErrorRef} />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <FormSection id="event-event-heading" title="Event">
          <EventSelect control={control} schemas={schemas} onChanged={() => setValue('metadata', [])} />
        </FormSection>
        <FormSection id="event-metadata-heading" title="Metadata">
          <MetadataFields control={control} properties={properties} event={event} />
        </FormSection>
        <FormSection id="event-customer-heading" title="Customer">
          <FormIdentifyByToggle control={control} name="identifyBy" labelId="event-identify-by-label" onChanged={() => clearErrors('customer')} />
          <FormTextField control={control} name="customer" label={identifier.label} helperText={identifier.helper} required autoComplete="off" />
        </FormSection>
        <FormSection id="event-card-heading" title="Loyalty card and referral (optional)">
          <FormTextField
            control={control}
            name="loyaltyCode"
            label="Loyalty card code"
            helperText="Earn on this card only; it must be the customer's. Empty: each of the customer's cards in a program the rules are assigned to."
            autoComplete="off"
          />
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <FormTextField control={control} name="referralCode" label="Referral code" autoComplete="off" sx={{ flex: '1 1 200px' }} />
            <FormTextField control={control} name="referrerId" label="Referrer ID" helperText="Optional, with a referral code" autoComplete="off" sx={{ flex: '1 1 200px' }} />
          </Box>
        </FormSection>
        <Box>
          <Button type="submit" variant="contained" disabled={fire.isPending}>
            {fire.isPending ? 'Sending…' : 'Send event'}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
