import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { PageHeader } from '../../components/page-header';
import { useEventSchemas } from '../../api/get-event-schemas';
import { EventForm } from './components/event-form';
import { FireResultPanel } from './components/fire-result';
import type { FireResult } from './hooks/use-fire-event';

/** Events (`/events`): send a custom event for a customer and see what it earned. */
export default function EventsPage() {
  const schemas = useEventSchemas();
  const [result, setResult] = useState<FireResult | null>(null);
  return (
    <>
      <PageHeader
        title="Events"
        description="Send a custom event for a customer, as your systems would with POST /v1/events. Active earning rules triggered by the event add points to the customer's cards."
      />
      {schemas.isPending && <LinearProgress aria-label="Loading event schemas" />}
      {schemas.isError && <ErrorAlert error={schemas.error} title="Could not load the event schemas" onRetry={() => void schemas.refetch()} />}
      {schemas.data && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 6fr)' }, gap: 3, alignItems: 'start' }}>
          <EventForm schemas={schemas.data.event_schemas} onFired={setResult} />
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Box role="status" aria-live="polite">
              {result && (
                <Alert severity="success" role="presentation">
                  Sent {result.response.type} for {result.response.customer.source_id ?? result.response.customer.id}.
                </Alert>
              )}
            </Box>
            {result ? (
              <FireResultPanel result={result} />
            ) : (
              <Paper sx={{ p: 3, borderStyle: 'dashed', color: 'text.secondary' }}>
                <Typography variant="body2">The response appears here. Name a loyalty card to see its points before and after, and its latest transactions.</Typography>
              </Paper>
            )}
          </Box>
        </Box>
      )}
    </>
  );
}
