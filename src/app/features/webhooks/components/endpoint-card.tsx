import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Webhook } from '../../../../contract/webhook';
import { ErrorAlert } from '../../../components/error-alert';
import { useSendTestWebhook } from '../api/send-test-webhook';
import { eventsSummary } from '../model/event-choices';
import { SendTestEvent } from './send-test-event';
import { SendoutLog } from './sendout-log';

interface EndpointCardProps {
  webhook: Webhook;
  onEdit: () => void;
  onNewSecret: () => void;
  onDelete: () => void;
}

/** One endpoint: where it sends, what, whether it is on, and its actions; its sendout log opens below. */
export function EndpointCard({ webhook, onEdit, onNewSecret, onDelete }: EndpointCardProps) {
  const [logOpen, setLogOpen] = useState(false);
  const test = useSendTestWebhook();
  const logId = `sendout-log-${webhook.id}`;
  const headingId = `endpoint-${webhook.id}`;
  const headerCount = Object.keys(webhook.headers).length;

  function sendTest() {
    test.mutate(webhook.id, { onSuccess: () => setLogOpen(true) });
  }

  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h2" sx={{ flex: '1 1 240px', minWidth: 0, overflowWrap: 'anywhere', fontSize: '1.05rem' }}>
          {webhook.target_url}
        </Typography>
        <Chip size="small" label={webhook.active ? 'On' : 'Off'} color={webhook.active ? 'success' : 'default'} variant={webhook.active ? 'filled' : 'outlined'} />
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Sends: {eventsSummary(webhook.events)}
        {headerCount > 0 && ` · ${headerCount} custom ${headerCount === 1 ? 'header' : 'headers'}`}
      </Typography>
      {!webhook.active && webhook.failed_sendouts >= 12 && (
        <Alert severity="error">Switched off after {webhook.failed_sendouts} webhooks in a row failed. Fix the receiving system, then switch it on again under Change.</Alert>
      )}
      {webhook.active && webhook.failed_sendouts > 0 && (
        <Alert severity="warning">The last {webhook.failed_sendouts} webhooks failed after every retry. At 12 in a row the endpoint is switched off.</Alert>
      )}
      {test.isError && <ErrorAlert error={test.error} title="The test webhook was not sent" />}
      {test.isSuccess && (
        <Typography role="status" variant="body2" sx={{ color: 'success.main' }}>
          {webhook.active ? 'Test webhook on its way: it appears in the log below once it has been tried.' : 'Test webhook queued: it is sent once the endpoint is switched on.'}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={sendTest} loading={test.isPending}>
          Send test webhook
        </Button>
        <Button variant="outlined" aria-expanded={logOpen} aria-controls={logId} onClick={() => setLogOpen((open) => !open)}>
          {logOpen ? 'Hide sendout log' : 'Sendout log'}
        </Button>
        <Button onClick={onEdit}>Change</Button>
        <Button onClick={onNewSecret}>New signing secret</Button>
        <Button color="error" onClick={onDelete}>
          Delete
        </Button>
      </Box>
      <SendTestEvent webhook={webhook} onSent={() => setLogOpen(true)} />
      {/* The wrapper is a flex item: without min-width 0 the log's table would widen the page instead of scrolling inside. */}
      <Collapse in={logOpen} unmountOnExit sx={{ '& .MuiCollapse-wrapperInner': { minWidth: 0 } }}>
        <Box id={logId}>
          <SendoutLog webhookId={webhook.id} active={webhook.active} />
        </Box>
      </Collapse>
    </Paper>
  );
}
