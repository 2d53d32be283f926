import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { useCan } from '../../lib/session/use-session';
import { useSegmentNames } from './api/get-segment-names';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ErrorAlert } from '../../components/error-alert';
import { PageHeader } from '../../components/page-header';
import { useEarningRules } from '../../api/get-earning-rules';
import { useEventSchemaNames } from '../../api/get-event-schemas';
import { useProductNames } from '../../api/get-products';
import { newRulePath, RulesTable } from './components/rules-table';

/** Earning rules (`/earning-rules`): every rule of the project, what triggers it and what it gives. */
export default function EarningRulesPage() {
  const rules = useEarningRules();
  const schemas = useEventSchemaNames();
  const products = useProductNames();
  const loading = rules.isPending || schemas.isPending;
  const mayAuthor = useCan('authorEarningRules');
  const segments = useSegmentNames((rules.data ?? []).flatMap((rule) => (rule.trigger.event === 'customer.segment.entered' ? [rule.trigger.segment.id] : [])));
  return (
    <>
      <PageHeader
        title="Earning rules"
        description="How members earn points. Open a rule to read what it does in words: its trigger, conditions, points, limits, expiry and hours."
        actions={
          mayAuthor && (
            <Button component={RouterLink} to={newRulePath} variant="contained">
              New rule
            </Button>
          )
        }
      />
      <Paper component="section" aria-labelledby="rules-heading">
        <Box sx={{ px: 3, pt: 2.5, pb: 1 }}>
          <Typography id="rules-heading" variant="h2">
            Rules
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {rules.data ? `${rules.data.length} rules, by name. Only active rules earn points.` : 'Loading the rules…'}
          </Typography>
        </Box>
        <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label="Loading earning rules" />}</Box>
        {rules.isError && <ErrorAlert error={rules.error} title="Could not load the earning rules" onRetry={() => void rules.refetch()} sx={{ m: 2 }} />}
        {schemas.isError && <ErrorAlert error={schemas.error} title="Could not load the event schemas" onRetry={() => void schemas.refetch()} sx={{ m: 2 }} />}
        {rules.data && <RulesTable rules={rules.data} schemas={schemas.data ?? new Map()} segments={segments} products={products.data} />}
      </Paper>
    </>
  );
}
