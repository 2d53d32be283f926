import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { LoyaltyMember } from '../../../../contract/loyalty-member';
import type { PointsBucket } from '../../../../contract/points-expiration';
import { ErrorAlert } from '../../../components/error-alert';
import { formatNumber } from '../../../lib/format';
import { usePointsExpiration } from '../api/get-points-expiration';

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Buckets that expire on the same day (or never) as one line, in the API's order (soonest first). */
function byExpiry(buckets: PointsBucket[]): [string | undefined, number][] {
  const totals = new Map<string | undefined, number>();
  for (const bucket of buckets) totals.set(bucket.expires_at, (totals.get(bucket.expires_at) ?? 0) + bucket.bucket.total_points);
  return [...totals];
}

function Figure({ label, value, testId }: { label: string; value: number; testId?: string }) {
  return (
    <Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h5" component="p" data-testid={testId} sx={{ fontWeight: 600 }}>
        {formatNumber(value)}
      </Typography>
    </Box>
  );
}

/** The card's figures and the points that will expire, soonest first. */
export function CardPoints({ member }: { member: LoyaltyMember }) {
  const buckets = usePointsExpiration(member.campaign_id, member.code);
  const card = member.loyalty_card;
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 3, sm: 5 } }}>
        <Figure label="Balance" value={card.balance} testId="member-balance" />
        <Figure label="Earned in total" value={card.points} />
        <Figure label="Pending" value={card.pending_points} />
        <Figure label="Expired" value={card.expired_points} />
      </Box>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 0.5 }}>
        Expiring points
      </Typography>
      {buckets.isError && <ErrorAlert error={buckets.error} title="Could not load the expiring points" onRetry={() => void buckets.refetch()} />}
      {buckets.isPending && <Skeleton width={200} role="progressbar" aria-label="Loading expiring points" />}
      {buckets.data && (
        <Box component="ul" sx={{ m: 0, pl: 2.5, typography: 'body2' }}>
          {buckets.data.data.length === 0 && <li>No points waiting to be used.</li>}
          {byExpiry(buckets.data.data).map(([expiresAt, points]) => (
            <li key={expiresAt ?? 'never'}>
              {formatNumber(points)} points {expiresAt ? `expire on ${dayFormat.format(new Date(expiresAt))}` : 'never expire'}
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
