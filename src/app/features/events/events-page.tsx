import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useEventSchemas } from '../../api/get-event-schemas';
import { useProducts } from '../../api/get-products';
import { ErrorAlert } from '../../components/error-alert';
import { PageHeader } from '../../components/page-header';
import { EventForm } from './components/event-form';
import { FireResultPanel } from './components/fire-result';
import { OrderForm } from './components/order-form';
import { OrderResultPanel } from './components/order-result';
import type { FireResult } from './hooks/use-fire-event';
import type { OrderResult } from './hooks/use-record-order';
import { summarizeEarnings } from './model/order-earnings';

type Kind = 'event' | 'order';
const kindParam = 'record';

const columns = { display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 6fr)' }, gap: 3, alignItems: 'start' } as const;

function Placeholder({ children }: { children: string }) {
  return (
    <Paper sx={{ p: 3, borderStyle: 'dashed', color: 'text.secondary' }}>
      <Typography variant="body2">{children}</Typography>
    </Paper>
  );
}

function CustomEvent() {
  const schemas = useEventSchemas();
  const [result, setResult] = useState<FireResult | null>(null);
  if (schemas.isPending) return <LinearProgress aria-label="Loading event schemas" />;
  if (schemas.isError) return <ErrorAlert error={schemas.error} title="Could not load the event schemas" onRetry={() => void schemas.refetch()} />;
  return (
    <Box sx={columns}>
      <EventForm schemas={schemas.data} onFired={setResult} />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
        <Box role="status" aria-live="polite">
          {result && (
            <Alert severity="success" role="presentation">
              Sent {result.response.type} for {result.response.customer.source_id ?? result.response.customer.id}.
            </Alert>
          )}
        </Box>
        {result ? <FireResultPanel result={result} /> : <Placeholder>The response appears here. Name a loyalty card to see its points before and after, and its latest transactions.</Placeholder>}
      </Box>
    </Box>
  );
}

function PaidOrder() {
  const products = useProducts();
  const [result, setResult] = useState<OrderResult | null>(null);
  if (products.isPending) return <LinearProgress aria-label="Loading products" />;
  if (products.isError) return <ErrorAlert error={products.error} title="Could not load the products" onRetry={() => void products.refetch()} />;
  return (
    <Box sx={columns}>
      <OrderForm products={products.data.products} onRecorded={setResult} />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
        <Box role="status" aria-live="polite">
          {result && (
            <Alert severity="success" role="presentation">
              Order recorded as paid. {result.cards ? summarizeEarnings(result.cards) : ''}
            </Alert>
          )}
        </Box>
        {result ? <OrderResultPanel result={result} /> : <Placeholder>What the order earned appears here: points added to each of the customer's cards now, and points held until the day they activate.</Placeholder>}
      </Box>
    </Box>
  );
}

/** Events (`/events`): send a custom event or record a paid order for a customer, and see what it earned. */
export default function EventsPage() {
  const [params, setParams] = useSearchParams();
  const kind: Kind = params.get(kindParam) === 'order' ? 'order' : 'event';
  const choose = (next: Kind) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next === 'order') updated.set(kindParam, 'order');
        else updated.delete(kindParam);
        return updated;
      },
      { replace: true },
    );
  return (
    <>
      <PageHeader
        title="Events"
        description="Send a custom event or record a paid order for a customer, as your systems would. Active earning rules that the event or the order triggers add points to the customer's cards."
      />
      <Tabs value={kind} onChange={(_e, next: Kind) => choose(next)} aria-label="What to record" sx={{ mb: 2 }}>
        <Tab value="event" label="Custom event" id="events-tab-event" aria-controls="events-panel-event" />
        <Tab value="order" label="Paid order" id="events-tab-order" aria-controls="events-panel-order" />
      </Tabs>
      <Box role="tabpanel" id={`events-panel-${kind}`} aria-labelledby={`events-tab-${kind}`}>
        {kind === 'event' ? <CustomEvent /> : <PaidOrder />}
      </Box>
    </>
  );
}
