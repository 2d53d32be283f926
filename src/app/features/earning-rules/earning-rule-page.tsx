import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { EarningRule } from '../../../contract/earning-rule';
import { ErrorAlert } from '../../components/error-alert';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { formatDateTime } from '../../lib/format';
import { useEarningRule } from './api/get-earning-rule';
import { useEventSchemaNames } from '../../api/get-event-schemas';
import { useProductNames } from '../../api/get-products';
import { useRulePrograms, type RuleProgram } from './api/get-rule-programs';
import { useSegmentNames } from './api/get-segment-names';
import { RuleActions } from './components/rule-actions';
import { useCan } from '../../lib/session/use-session';
import { RuleEarnings } from './components/rule-earnings';
import { RuleJson } from './components/rule-json';
import { RuleTierMappings } from './components/rule-tier-mappings';
import { StatusChip } from './components/status-chip';
import { ValidityGrid } from './components/validity-grid';
import { describeActivePeriod, describeDays, describeLimits, describeTrigger, describeWhen, describePending, effectSummary, type ProductNames, type SchemaNames, type SegmentNames } from './model/describe-rule';

const monospace = 'ui-monospace, SFMono-Regular, Menlo, monospace';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: 3 }}>
      <Typography id={id} variant="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

const capitalized = (text: string) => text[0].toUpperCase() + text.slice(1);

interface Names {
  schemas: SchemaNames;
  segments: SegmentNames;
  products: ProductNames;
}

function summaryOf(rule: EarningRule, names: Names, programs: RuleProgram[] | undefined): string {
  const limits = describeLimits(rule.trigger_limits);
  const card = programs?.length === 1 ? `a member's ${programs[0].name} card` : "a member's card";
  const when = describeWhen(rule);
  const status = rule.status === 'ACTIVE' ? '' : ` It is ${rule.status.toLowerCase()}, so it earns nothing until it is activated.`;
  return `On ${describeTrigger(rule.trigger, names.schemas, names.segments)}, ${card} earns ${effectSummary(rule, names.products)}${rule.trigger.event === 'customer.order.paid' && programs?.length === 1 ? describePending(programs[0].pendingDays) : ''}${limits.length ? `, ${limits.join(' and ')}` : ''}${when ? `, ${when}` : ''}.${status}`;
}

function RuleDetails({ rule, names, programs }: { rule: EarningRule; names: Names; programs: RuleProgram[] | undefined }) {
  const limits = describeLimits(rule.trigger_limits);
  const trigger = describeTrigger(rule.trigger, names.schemas, names.segments);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, gap: 3, alignItems: 'start' }}>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Section id="rule-summary" title="What it does">
          <Typography>{summaryOf(rule, names, programs)}</Typography>
          {programs && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
              {programs.length ? `Earns in: ${programs.map((p) => p.name).join(', ')}.` : 'Earns in no loyalty program.'}
            </Typography>
          )}
          {programs && <RuleTierMappings ruleId={rule.id} programs={programs} />}
        </Section>
      </Box>
      <Section id="rule-trigger" title="Trigger">
        <Typography>{capitalized(trigger)}</Typography>
        {rule.trigger.event === 'customer.custom_event' && (
          <Typography variant="body2" sx={{ color: 'text.secondary', fontFamily: monospace }}>
            {rule.trigger.custom_event.schema_id}
          </Typography>
        )}
        {rule.trigger.event === 'customer.segment.entered' && (
          <Typography variant="body2" sx={{ color: 'text.secondary', fontFamily: monospace }}>
            {rule.trigger.segment.id}
          </Typography>
        )}
      </Section>
      <Section id="rule-limits" title="Limits">
        {limits.length ? (
          <Box component="ul" aria-label="Limits" sx={{ m: 0, pl: 2.5 }}>
            {limits.map((line) => (
              <li key={line}>
                <Typography>{line[0].toUpperCase() + line.slice(1)}</Typography>
              </li>
            ))}
          </Box>
        ) : (
          <Typography>No limits: every qualifying event earns.</Typography>
        )}
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          Per card. Days, weeks (Monday to Sunday), months, quarters and years are calendar periods in UTC.
        </Typography>
      </Section>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Section id="rule-earnings" title="Earnings">
          <RuleEarnings rule={rule} products={names.products} />
        </Section>
      </Box>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Section id="rule-hours" title="Validity hours">
          {rule.validity_day_of_week && <Typography sx={{ mb: 1 }}>Only on {describeDays(rule.validity_day_of_week)} (UTC).</Typography>}
          <Typography sx={{ mb: 1 }}>
            {rule.validity_hours.type === 'ANY_TIME' ? (rule.validity_day_of_week ? 'Any time of those days.' : 'Any time of day, every day.') : 'Only inside these hours (UTC):'}
          </Typography>
          <ValidityGrid validity={rule.validity_hours} daysOfWeek={rule.validity_day_of_week} />
        </Section>
      </Box>
      <Section id="rule-dates" title="Active period">
        <Typography>{capitalized(describeActivePeriod(rule))}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          Created {formatDateTime(rule.created_at)}
          {rule.updated_at ? `, updated ${formatDateTime(rule.updated_at)}` : ''}
        </Typography>
      </Section>
      <Section id="rule-json" title="Raw JSON">
        <RuleJson rule={rule} />
      </Section>
    </Box>
  );
}

/** One earning rule (`/earning-rules/:ruleId`), described in words. */
export default function EarningRulePage() {
  const { ruleId = '' } = useParams();
  const rule = useEarningRule(ruleId);
  const schemas = useEventSchemaNames();
  const products = useProductNames();
  const programs = useRulePrograms();
  const mayAuthor = useCan('authorEarningRules');
  const segments = useSegmentNames(rule.data?.trigger.event === 'customer.segment.entered' ? [rule.data.trigger.segment.id] : []);
  const ruleProgramList = programs.data ? (programs.data.get(ruleId) ?? []) : undefined;
  return (
    <>
      <PageHeader
        title={rule.data?.name ?? 'Earning rule'}
        description={
          <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Box component="span" sx={{ fontFamily: monospace }}>
              {ruleId}
            </Box>
            {rule.data && <StatusChip status={rule.data.status} />}
          </Box>
        }
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end', alignItems: 'flex-start' }}>
            <Button component={RouterLink} to={paths.earningRules} variant="outlined">
              All earning rules
            </Button>
            {mayAuthor && rule.data && ruleProgramList && <RuleActions rule={rule.data} programs={ruleProgramList} />}
          </Box>
        }
      />
      {rule.isPending && <LinearProgress aria-label="Loading the earning rule" />}
      {rule.isError && <ErrorAlert error={rule.error} title="Could not load the earning rule" onRetry={() => void rule.refetch()} />}
      {schemas.isError && <ErrorAlert error={schemas.error} title="Could not load the event schemas" sx={{ mb: 2 }} />}
      {programs.isError && <ErrorAlert error={programs.error} title="Could not load the programs the rule earns in" sx={{ mb: 2 }} />}
      {rule.data && <RuleDetails rule={rule.data} names={{ schemas: schemas.data ?? new Map(), segments, products: products.data ?? new Map() }} programs={ruleProgramList} />}
    </>
  );
}
