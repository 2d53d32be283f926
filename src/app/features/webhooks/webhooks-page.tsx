import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Webhook, WebhookWithSecret } from '../../../contract/webhook';
import { ErrorAlert } from '../../components/error-alert';
import { AddIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { useDeleteWebhook } from './api/delete-webhook';
import { useWebhooks } from './api/get-webhooks';
import { useRotateWebhookSecret } from './api/rotate-webhook-secret';
import { ConfirmDialog } from './components/confirm-dialog';
import { EndpointCard } from './components/endpoint-card';
import { EndpointFormDialog } from './components/endpoint-form-dialog';
import { SecretDialog } from './components/secret-dialog';

type Dialog =
  | { kind: 'form'; editing: Webhook | null }
  | { kind: 'secret'; webhook: WebhookWithSecret; rotated: boolean }
  | { kind: 'rotate'; webhook: Webhook }
  | { kind: 'delete'; webhook: Webhook }
  | null;

/**
 * Settings → Webhooks (`/settings/webhooks`), for marketing: the endpoints that hear what happens
 * in the project, each with its events, on/off switch and custom headers; a test webhook, the
 * sendout log and "send again". A signing secret is shown once (on adding an endpoint, or making
 * a new secret) and kept only in this page's memory until its dialog closes.
 */
export default function WebhooksPage() {
  const webhooks = useWebhooks();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => {
    rotate.reset();
    remove.reset();
    setDialog(null);
  };

  return (
    <>
      <PageHeader
        title="Webhooks"
        description={
          <>
            Settings · Send what happens in your loyalty programs (points earned, rewards redeemed, orders paid …) to your own systems as it happens. Each
            webhook is signed, so the receiving system can check it came from us.
          </>
        }
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'form', editing: null })}>
            Add endpoint
          </Button>
        }
      />
      {webhooks.isPending && <Skeleton variant="rounded" height={160} />}
      {webhooks.isError && <ErrorAlert error={webhooks.error} title="Could not load the webhook endpoints" onRetry={() => void webhooks.refetch()} />}
      {webhooks.isSuccess && webhooks.data.data.length === 0 && (
        <Paper sx={{ p: 3, borderStyle: 'dashed', color: 'text.secondary' }}>
          <Typography variant="body2">No endpoints yet. Add the address of a system that should hear about points, rewards and orders.</Typography>
        </Paper>
      )}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {webhooks.data?.data.map((webhook) => (
          <EndpointCard
            key={webhook.id}
            webhook={webhook}
            onEdit={() => setDialog({ kind: 'form', editing: webhook })}
            onNewSecret={() => setDialog({ kind: 'rotate', webhook })}
            onDelete={() => setDialog({ kind: 'delete', webhook })}
          />
        ))}
      </Box>

      {dialog?.kind === 'form' && <EndpointFormDialog editing={dialog.editing} onClose={close} onCreated={(webhook) => setDialog({ kind: 'secret', webhook, rotated: false })} />}
      {dialog?.kind === 'secret' && <SecretDialog webhook={dialog.webhook} rotated={dialog.rotated} onClose={close} />}
      {dialog?.kind === 'rotate' && (
        <ConfirmDialog
          title="Make a new signing secret?"
          confirmLabel="Make new secret"
          pending={rotate.isPending}
          error={rotate.error}
          errorTitle="No new secret was made"
          onClose={close}
          onConfirm={() => rotate.mutate(dialog.webhook.id, { onSuccess: (webhook) => setDialog({ kind: 'secret', webhook, rotated: true }) })}
        >
          Webhooks to {dialog.webhook.target_url} will be signed with a new secret from now on, and the system receiving them rejects them until it has the new one.
        </ConfirmDialog>
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete this endpoint?"
          confirmLabel="Delete endpoint"
          danger
          pending={remove.isPending}
          error={remove.error}
          errorTitle="The endpoint was not deleted"
          onClose={close}
          onConfirm={() => remove.mutate(dialog.webhook.id, { onSuccess: close })}
        >
          Nothing more is sent to {dialog.webhook.target_url}; webhooks still waiting to be sent and its sendout log are deleted too. This cannot be undone.
        </ConfirmDialog>
      )}
    </>
  );
}
