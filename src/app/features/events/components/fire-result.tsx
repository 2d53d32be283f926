import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { memberPath } from '../../../config/paths';
import type { FireResult } from '../hooks/use-fire-event';
import { CardChange } from './card-change';
import { CardTransactions } from './card-transactions';

/** What sending the event did: the API's response and, when a card was named, its points and history. */
export function FireResultPanel({ result }: { result: FireResult }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {result.card && (
        <Paper component="section" aria-labelledby="card-change-heading" sx={{ p: 3 }}>
          <Typography id="card-change-heading" variant="h2" sx={{ mb: 1 }}>
            Loyalty card {result.card.code}
          </Typography>
          <Link component={RouterLink} to={memberPath(result.card.code)} sx={{ display: 'inline-block', mb: 1 }}>
            Open the member page of {result.card.code}
          </Link>
          <CardChange {...result.card} />
          <Typography variant="h3" sx={{ mt: 3, mb: 1 }}>
            Latest transactions
          </Typography>
          <CardTransactions code={result.card.code} />
        </Paper>
      )}
      <Paper component="section" aria-labelledby="event-response-heading" sx={{ p: 3 }}>
        <Typography id="event-response-heading" variant="h2" sx={{ mb: 1 }}>
          Response
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {`POST /v1/events answered for ${result.response.customer.source_id ?? result.response.customer.id}.`}
        </Typography>
        <Box
          component="pre"
          aria-label="Event response"
          tabIndex={0}
          sx={{ m: 0, p: 2, bgcolor: 'grey.50', border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'auto', maxHeight: 360, fontSize: 12.5 }}
        >
          {JSON.stringify(result.response, null, 2)}
        </Box>
      </Paper>
    </Box>
  );
}
