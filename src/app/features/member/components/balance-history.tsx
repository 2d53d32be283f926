import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { formatNumber } from '../../../lib/format';
import { useChartTransactions } from '../api/get-card-transactions';
import { balanceSeries } from '../model/balance-series';

const BalanceChart = lazy(() => import('./balance-chart'));

/** The card's balance over its latest transactions, drawn from the transactions themselves. */
export function BalanceHistory({ code }: { code: string }) {
  const transactions = useChartTransactions(code);
  if (transactions.isError) return <ErrorAlert error={transactions.error} title="Could not load the balance history" onRetry={() => void transactions.refetch()} />;
  if (!transactions.data) return <Skeleton variant="rounded" height={240} role="progressbar" aria-label="Loading the balance history" />;
  const list = transactions.data;
  const series = balanceSeries(list.data, !list.has_more, new Date(transactions.dataUpdatedAt));
  if (series.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        No points have moved on this card yet, so there is no balance to chart.
      </Typography>
    );
  }
  const now = series[series.length - 1].balance;
  const summary = `Balance over the ${list.has_more ? 'latest ' : ''}${formatNumber(list.data.length)} transaction${list.data.length === 1 ? '' : 's'}; now ${formatNumber(now)} points.`;
  return (
    <Box data-testid="balance-chart">
      <Suspense fallback={<Skeleton variant="rounded" height={240} role="progressbar" aria-label="Loading the chart" />}>
        <BalanceChart series={series} label={`Chart: ${summary}`} />
      </Suspense>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
        {summary}
      </Typography>
    </Box>
  );
}
