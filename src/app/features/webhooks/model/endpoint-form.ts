import { z } from 'zod';
import type { ErrorObject } from '../../../../contract/error';
import { webhookLimits, type Webhook, type WebhookWriteRequest } from '../../../../contract/webhook';
import { placeValidationDetails } from '../../../lib/place-validation-details';
import type { PlacedError } from '../../../lib/use-form-api-error';
import { choicesOf, eventsOf, otherEventsOf } from './event-choices';

/**
 * The endpoint form: the address, whether it is on, the events chosen in plain words and the
 * custom headers as rows. Checked as the service checks them, in words for the person typing;
 * what only the service can decide (a private address) comes back beside the field it names.
 */
export const endpointFormSchema = z.object({
  targetUrl: z
    .string()
    .trim()
    .min(1, 'Enter the address your system receives webhooks at, such as https://example.com/webhooks.')
    .max(webhookLimits.targetUrlLength, `Use at most ${webhookLimits.targetUrlLength.toLocaleString('en')} characters.`)
    .refine((value) => /^https?:\/\/[^\s/]+/i.test(value) && URL.canParse(value), 'Enter a full address starting with https:// (or http://).'),
  active: z.boolean(),
  choices: z.array(z.string()),
  /** Event names set through the API that no choice stands for: kept as they are. */
  kept: z.array(z.string()),
  headers: z
    .array(
      z.object({
        name: z
          .string()
          .trim()
          .min(1, 'Enter a header name, or remove the row.')
          .max(webhookLimits.headerNameLength, `Use at most ${webhookLimits.headerNameLength} characters.`)
          .regex(/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/, 'Use letters, digits and - only, such as X-Api-Key.'),
        value: z.string().max(webhookLimits.headerValueLength, `Use at most ${webhookLimits.headerValueLength.toLocaleString('en')} characters.`),
      }),
    )
    .max(webhookLimits.headers, `Send at most ${webhookLimits.headers} headers.`),
});
export type EndpointFormValues = z.infer<typeof endpointFormSchema>;

export const emptyEndpointForm: EndpointFormValues = { targetUrl: '', active: true, choices: [], kept: [], headers: [] };

export function formValuesOf(webhook: Webhook): EndpointFormValues {
  return {
    targetUrl: webhook.target_url,
    active: webhook.active,
    choices: choicesOf(webhook.events),
    kept: otherEventsOf(webhook.events),
    headers: Object.entries(webhook.headers).map(([name, value]) => ({ name, value })),
  };
}

export function requestOf(values: EndpointFormValues): WebhookWriteRequest {
  return {
    target_url: values.targetUrl.trim(),
    events: eventsOf(values.choices, values.kept) as WebhookWriteRequest['events'],
    active: values.active,
    headers: Object.fromEntries(values.headers.map(({ name, value }) => [name.trim(), value])),
  };
}

export type EndpointField = 'targetUrl' | 'choices' | 'headers';

/** A validation error of the service beside the field it names; anything else goes above the form. */
export function placeEndpointError(error: ErrorObject): PlacedError<EndpointField>[] {
  return (
    placeValidationDetails<EndpointField>(error, ([first]) => {
      if (first === 'target_url') return 'targetUrl';
      if (first === 'events') return 'choices';
      if (first === 'headers') return 'headers';
      return null;
    }) ?? []
  );
}
