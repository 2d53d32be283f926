import Box from '@mui/material/Box';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatNumber } from '../../../lib/format';
import type { BalancePoint } from '../model/balance-series';

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The balance as a step line (it changes only at transactions). Its own chunk: the member page
 * loads it with React.lazy, so no other page pays for the charting library.
 */
export default function BalanceChart({ series, label }: { series: BalancePoint[]; label: string }) {
  return (
    <Box role="img" aria-label={label} sx={{ width: '100%', height: 240 }}>
      <LineChart
        height={240}
        // Room on the right for half of the last date's label, which is centred on its tick.
        margin={{ left: 8, right: 40, top: 16, bottom: 8 }}
        xAxis={[{ data: series.map((p) => p.at), scaleType: 'time', tickMinStep: 24 * 60 * 60 * 1000, valueFormatter: (value: Date, context) => (context.location === 'tick' ? dayFormat.format(value) : dateTimeFormat.format(value)) }]}
        yAxis={[{ min: 0, width: 56 }]}
        series={[{ data: series.map((p) => p.balance), label: 'Balance', curve: 'stepAfter', area: true, showMark: series.length <= 30, valueFormatter: (value) => `${formatNumber(value)} points` }]}
        hideLegend
        // Drawn at once: a chart that animates in is half-drawn when read or captured right after it loads.
        skipAnimation
        grid={{ horizontal: true }}
      />
    </Box>
  );
}
