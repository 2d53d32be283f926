import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Controller, useForm } from 'react-hook-form';
import type { Webhook, WebhookWithSecret } from '../../../../contract/webhook';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { useFormApiError } from '../../../lib/use-form-api-error';
import { useCreateWebhook } from '../api/create-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
import { emptyEndpointForm, endpointFormSchema, formValuesOf, placeEndpointError, requestOf, type EndpointFormValues } from '../model/endpoint-form';
import { EventPicker } from './event-picker';
import { HeadersEditor } from './headers-editor';

interface EndpointFormDialogProps {
  /** The endpoint to change, or null to add one. */
  editing: Webhook | null;
  onClose: () => void;
  /** A new endpoint comes with its secret, to show once. */
  onCreated: (webhook: WebhookWithSecret) => void;
}

/** Add or change an endpoint: its address, on or off, the events to send, custom headers. */
export function EndpointFormDialog({ editing, onClose, onCreated }: EndpointFormDialogProps) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const saving = create.isPending || update.isPending;
  const { control, register, handleSubmit, setError, formState } = useForm<EndpointFormValues>({
    resolver: zodResolver(endpointFormSchema),
    defaultValues: editing ? formValuesOf(editing) : emptyEndpointForm,
  });
  const { formError, formErrorRef, showApiError, clearFormError } = useFormApiError(placeEndpointError, (target, text, focus) =>
    setError(target, { type: 'api', message: text }, { shouldFocus: focus }),
  );

  const submit = handleSubmit((values) => {
    clearFormError();
    const body = requestOf(values);
    if (editing) update.mutate({ id: editing.id, body }, { onSuccess: onClose, onError: showApiError });
    else create.mutate(body, { onSuccess: onCreated, onError: showApiError });
  });

  return (
    <Dialog open onClose={saving ? undefined : onClose} fullScreen={phone} maxWidth="md" fullWidth aria-labelledby="endpoint-form-title">
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle id="endpoint-form-title">{editing ? 'Change endpoint' : 'Add endpoint'}</DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <FormErrorAlert error={formError} title={editing ? 'The endpoint was not changed' : 'The endpoint was not added'} ref={formErrorRef} />
          <TextField
            {...register('targetUrl')}
            label="Endpoint URL"
            placeholder="https://example.com/webhooks"
            required
            autoFocus={!editing}
            disabled={saving}
            error={Boolean(formState.errors.targetUrl)}
            helperText={formState.errors.targetUrl?.message ?? 'Where your system receives webhooks. We send a POST with JSON to it.'}
            slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false, autoCapitalize: 'off' } }}
          />
          <Controller
            control={control}
            name="active"
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} disabled={saving} />}
                label={field.value ? 'On: webhooks are sent' : 'Off: nothing is sent until it is switched on'}
              />
            )}
          />
          <Controller
            control={control}
            name="choices"
            render={({ field, fieldState }) => (
              <Controller
                control={control}
                name="kept"
                render={({ field: kept }) => <EventPicker value={field.value} onChange={field.onChange} kept={kept.value} error={fieldState.error?.message} disabled={saving} />}
              />
            )}
          />
          <HeadersEditor control={control} register={register} errors={formState.errors.headers} disabled={saving} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={saving}>
            {editing ? 'Save changes' : 'Add endpoint'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
