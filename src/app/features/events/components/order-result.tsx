import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { memberPath } from '../../../config/paths';
import { formatCents, formatDateTime, formatDay, formatNumber } from '../../../lib/format';
import type { OrderResult } from '../hooks/use-record-order';
import { describeOrderItems } from '../model/order-form';
import { describeCardEarnings, type CardEarnings } from '../model/order-earnings';

function CardOutcome({ card }: { card: CardEarnings }) {
  const headingId = `order-card-${card.code}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ borderTop: 1, borderColor: 'divider', pt: 2 }}>
      <Typography id={headingId} variant="h3" sx={{ mb: 0.5 }}>
        {card.programName} card {card.code}
      </Typography>
      <Typography sx={{ mb: 1 }}>{describeCardEarnings(card)}</Typography>
      {(card.accruals.length > 0 || card.pending.length > 0) && (
        <List dense disablePadding aria-label={`What the order gave card ${card.code}`}>
          {card.accruals.map((t) => (
            <ListItem key={t.id} disableGutters>
              <ListItemText primary={`+${formatNumber(t.details.balance.points)} points now`} secondary={t.details.earning_rule?.source.banner ?? 'Earned from the order'} />
            </ListItem>
          ))}
          {card.pending.map((p) => (
            <ListItem key={p.id} disableGutters>
              <ListItemText primary={`${formatNumber(p.points)} pending points, activate on ${formatDay(p.activates_at)}`} secondary={p.details.earning_rule?.source.banner ?? 'Held from the order'} />
            </ListItem>
          ))}
        </List>
      )}
      <Link component={RouterLink} to={memberPath(card.code)}>
        Open the member page of {card.code}
      </Link>
    </Box>
  );
}

/** What recording the order did: the order in words, and what it earned or holds on each of the customer's cards. */
export function OrderResultPanel({ result }: { result: OrderResult }) {
  const { order, cards } = result;
  return (
    <Paper component="section" aria-labelledby="order-result-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="order-result-heading" variant="h2" sx={{ mb: 1 }}>
        Paid order
      </Typography>
      <Box component="dl" sx={{ m: 0, mb: 2, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, typography: 'body2', '& dt': { color: 'text.secondary' }, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
        <dt>Paid</dt>
        <dd>{formatDateTime(order.created_at)}</dd>
        <dt>Bought</dt>
        <dd>{describeOrderItems(order.items)}</dd>
        <dt>Amount</dt>
        <dd>
          {formatCents(order.total_amount)}
          {order.total_discount_amount > 0 ? ` (${formatCents(order.amount)} before ${formatCents(order.total_discount_amount)} discount)` : ''}
        </dd>
      </Box>
      {cards === null ? (
        <Alert severity="warning">The order was recorded, but the customer's cards could not be read. Open the member page to see what it earned.</Alert>
      ) : cards.length === 0 ? (
        <Typography>The customer holds no loyalty card, so the order earned no points.</Typography>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {cards.map((card) => (
            <CardOutcome key={card.code} card={card} />
          ))}
        </Box>
      )}
    </Paper>
  );
}
