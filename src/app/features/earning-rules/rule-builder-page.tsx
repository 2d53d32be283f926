import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { useCan } from '../../lib/session/use-session';
import { useEarningRule } from './api/get-earning-rule';
import { useEventSchemas } from '../../api/get-event-schemas';
import { useLoyaltyPrograms } from '../../api/get-loyalty-programs';
import { useRulePrograms } from './api/get-rule-programs';
import { RuleBuilderForm } from './components/builder/rule-builder-form';
import { ruleDetailPath } from './components/rules-table';
import { describeExpiration, expirationOf } from './model/describe-rule';
import { emptyRuleForm, formValuesOf, notEditable } from './model/rule-form';

function ReadOnlyNotice() {
  return (
    <>
      <PageHeader title="Earning rule builder" />
      <Paper sx={{ p: 4, maxWidth: 720 }}>
      <Typography>Your role reads earning rules but cannot create or change them. Ask a marketing user.</Typography>
      <Button component={RouterLink} to={paths.earningRules} sx={{ mt: 2 }} variant="outlined">
        All earning rules
      </Button>
      </Paper>
    </>
  );
}

/** `/earning-rules/new`: a new rule on a program of the user's choice. */
function CreateRule() {
  const navigate = useNavigate();
  const schemas = useEventSchemas();
  const programs = useLoyaltyPrograms();
  const loading = schemas.isPending || programs.isPending;
  const failed = schemas.error ?? programs.error;
  const firstProgram = programs.data?.campaigns[0]?.id ?? '';
  return (
    <>
      <PageHeader
        title="New earning rule"
        description="Pick what triggers it, how many points it gives, when, and how often. The rule is described in words as you go."
        actions={
          <Button component={RouterLink} to={paths.earningRules} variant="outlined">
            All earning rules
          </Button>
        }
      />
      {loading && <LinearProgress aria-label="Loading programs and events" />}
      {failed && <ErrorAlert error={failed} title="Could not load what the builder offers" />}
      {schemas.data && programs.data && (
        <RuleBuilderForm
          mode="create"
          defaultValues={{ ...emptyRuleForm, programId: firstProgram }}
          schemas={schemas.data}
          programs={programs.data.campaigns}
          cancelTo={paths.earningRules}
          onSaved={(id) => void navigate(ruleDetailPath(id))}
        />
      )}
    </>
  );
}

/** `/earning-rules/:ruleId/edit`: the rule's settings, saved through the program it earns in. */
function EditRule({ ruleId }: { ruleId: string }) {
  const navigate = useNavigate();
  const rule = useEarningRule(ruleId);
  const schemas = useEventSchemas();
  const programs = useLoyaltyPrograms();
  const rulePrograms = useRulePrograms();
  const loading = rule.isPending || schemas.isPending || programs.isPending || rulePrograms.isPending;
  const failed = rule.error ?? schemas.error ?? programs.error ?? rulePrograms.error;
  const [program] = rulePrograms.data?.get(ruleId) ?? [];
  const reasons = rule.data ? notEditable(rule.data) : [];
  const [effect] = rule.data?.earnings.flatMap((e) => e.effects) ?? [];
  const expiration = effect ? expirationOf(effect) : null;
  return (
    <>
      <PageHeader
        title={rule.data ? `Edit ${rule.data.name}` : 'Edit earning rule'}
        description="Changes apply from the next event. The trigger of a saved rule stays as it is."
        actions={
          <Button component={RouterLink} to={ruleDetailPath(ruleId)} variant="outlined">
            Back to the rule
          </Button>
        }
      />
      {loading && <LinearProgress aria-label="Loading the earning rule" />}
      {failed && <ErrorAlert error={failed} title="Could not load the earning rule" />}
      {rule.data && rulePrograms.data && !program && <Alert severity="info">This rule earns in no loyalty program, so it cannot be changed here.</Alert>}
      {reasons.length > 0 && <Alert severity="info">The builder cannot edit this rule: {reasons.join('; ')}. Change it in its fixture instead.</Alert>}
      {rule.data && schemas.data && programs.data && program && reasons.length === 0 && (
        <RuleBuilderForm
          mode="edit"
          ruleId={ruleId}
          defaultValues={formValuesOf(rule.data, program.id, program.pendingDays)}
          schemas={schemas.data}
          programs={programs.data.campaigns}
          currentExpiration={expiration}
          keepExpiryLabel={formValuesOf(rule.data, program.id).expiry === 'keep' ? describeExpiration(expiration) : undefined}
          cancelTo={ruleDetailPath(ruleId)}
          onSaved={(id) => void navigate(ruleDetailPath(id))}
        />
      )}
    </>
  );
}

/** The rule builder (marketing only): a new rule, or an existing one when the URL names it. */
export default function RuleBuilderPage() {
  const { ruleId } = useParams();
  const mayAuthor = useCan('authorEarningRules');
  if (!mayAuthor) return <ReadOnlyNotice />;
  return ruleId ? <EditRule ruleId={ruleId} /> : <CreateRule />;
}
