import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import type { Webhook } from '../../../../contract/webhook';
import { fireableWebhookEvents, type FireableWebhookEvent } from '../../../../contract/webhook-fire';
import { ErrorAlert } from '../../../components/error-alert';
import { ApiRequestError } from '../../../lib/api-client';
import { useFireWebhookEvent } from '../api/fire-webhook-event';
import { eventLabel } from '../model/event-choices';

interface SendTestEventProps {
  webhook: Webhook;
  /** Called once the event is on its way, to show the sendout log. */
  onSent: () => void;
}

/** The service answers 404 for the path itself (not for the endpoint) when its local controls are off. */
function isUnserved(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404 && error.error.resource_type === undefined;
}

/**
 * "Send a test event": any event type of the webhook contract, with a payload made from the
 * project's own customer and card, sent to this endpoint whether or not it subscribes to it, as a
 * real sendout (signed, logged, retried). The endpoint's own events are listed first.
 */
export function SendTestEvent({ webhook, onSent }: SendTestEventProps) {
  const [type, setType] = useState<FireableWebhookEvent | null>(null);
  const fire = useFireWebhookEvent();
  const subscribed = useMemo(() => new Set<string>(webhook.events), [webhook.events]);
  const options = useMemo(() => [...fireableWebhookEvents].sort((a, b) => Number(subscribed.has(b)) - Number(subscribed.has(a))), [subscribed]);
  const inputId = `test-event-${webhook.id}`;

  function send() {
    if (type) fire.mutate({ webhookId: webhook.id, type }, { onSuccess: onSent });
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Autocomplete<FireableWebhookEvent, false, false, false>
          id={inputId}
          size="small"
          options={options}
          value={type}
          onChange={(_event, value) => {
            setType(value);
            fire.reset();
          }}
          groupBy={(option) => (subscribed.has(option) ? 'Events this endpoint receives' : 'Other events')}
          renderOption={({ key, ...props }, option) => (
            <li key={key} {...props}>
              <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {option}
                {eventLabel(option) !== option && (
                  <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
                    {eventLabel(option)}
                  </Typography>
                )}
              </Box>
            </li>
          )}
          renderInput={(params) => <TextField {...params} label="Send a test event" placeholder="Event type" />}
          sx={{ flex: '1 1 260px', minWidth: 0, maxWidth: 480 }}
        />
        <Button variant="outlined" onClick={send} disabled={!type} loading={fire.isPending}>
          Send test event
        </Button>
      </Box>
      {fire.isError &&
        (isUnserved(fire.error) ? (
          <Alert severity="info">Test events are not available here: the service sends them only with its local controls on (LOCAL_CONTROL=on, as npm start has them).</Alert>
        ) : (
          <ErrorAlert error={fire.error} title="The test event was not sent" />
        ))}
      {fire.isSuccess && (
        <Typography role="status" variant="body2" sx={{ color: 'success.main' }}>
          {webhook.active
            ? `${fire.data.type} on its way, with your project's own customer and card: it appears in the log below once it has been tried.`
            : `${fire.data.type} queued: it is sent once the endpoint is switched on.`}
        </Typography>
      )}
    </Box>
  );
}
