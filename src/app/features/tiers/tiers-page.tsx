import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useEarningRules } from '../../api/get-earning-rules';
import { useLoyaltyPrograms } from '../../api/get-loyalty-programs';
import { useProgramTiers } from '../../api/get-program-tiers';
import { ErrorAlert } from '../../components/error-alert';
import { PageHeader } from '../../components/page-header';
import { searchParams as searchParamNames } from '../../config/paths';
import { useProgramRewards } from './api/get-program-rewards';
import { useProgramRuleIds } from './api/get-program-rule-ids';
import { CreateTiersForm } from './components/create-tiers-form';
import { TierList } from './components/tier-list';
import { describePolicy } from './model/describe-tiers';

/**
 * Loyalty tiers (`/tiers`, marketing): a program's tiers in words, and for a program without tiers
 * the form that creates them. v1 has no update or delete of tiers, so a program's tiers are shown
 * read-only once created.
 */
export default function TiersPage() {
  const programs = useLoyaltyPrograms();
  const [params, setParams] = useSearchParams();
  const list = programs.data?.campaigns ?? [];
  const requested = params.get(searchParamNames.program);
  const program = requested ? list.find((p) => p.id === requested) : list[0];
  const tiers = useProgramTiers(program?.id);
  const rules = useEarningRules();
  const ruleIds = useProgramRuleIds(program?.id);
  const rewards = useProgramRewards(program?.id);
  const ruleNames = useMemo(() => new Map((rules.data ?? []).map((rule) => [rule.id, rule.name ?? 'an unnamed rule'])), [rules.data]);
  const loading = programs.isPending || tiers.isPending || rules.isPending || rewards.isPending || ruleIds.isPending;
  const failed = [
    programs.isError && { error: programs.error, title: 'Could not load the loyalty programs', retry: programs.refetch },
    tiers.isError && { error: tiers.error, title: 'Could not load the tiers', retry: tiers.refetch },
    rules.isError && { error: rules.error, title: 'Could not load the earning rules', retry: rules.refetch },
    ruleIds.isError && { error: ruleIds.error, title: 'Could not load the program’s earning rules', retry: ruleIds.refetch },
    rewards.isError && { error: rewards.error, title: 'Could not load the program’s rewards', retry: rewards.refetch },
  ].filter((entry) => entry !== false);

  function choose(campaignId: string) {
    setParams((previous) => new URLSearchParams({ ...Object.fromEntries(previous), [searchParamNames.program]: campaignId }), { replace: true });
  }

  return (
    <>
      <PageHeader title="Loyalty tiers" description="Levels such as Silver and Gold that members reach by their points: more points per purchase and cheaper rewards for the higher tiers." />
      <Paper sx={{ p: 3, mb: 3 }}>
        <TextField
          id="tiers-program"
          select
          label="Loyalty program"
          value={program?.id ?? ''}
          onChange={(event) => choose(event.target.value)}
          disabled={programs.isPending || list.length === 0}
          helperText={requested && programs.isSuccess && !program ? `This project has no loyalty program ${requested}: choose one from the list.` : undefined}
          error={Boolean(requested && programs.isSuccess && !program)}
          sx={{ maxWidth: 520, width: '100%' }}
        >
          {list.map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.name}
            </MenuItem>
          ))}
        </TextField>
        {program && (
          <Typography variant="body2" sx={{ mt: 2, maxWidth: 760 }} data-testid="tier-policy">
            {describePolicy(program.loyalty_tiers_expiration)}
          </Typography>
        )}
      </Paper>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label="Loading the tiers" />}</Box>
      {failed.map(({ error, title, retry }) => (
        <ErrorAlert key={title} error={error} title={title} onRetry={() => void retry()} sx={{ mb: 2 }} />
      ))}
      {program && tiers.data && rewards.data && ruleIds.data && (
        <Paper component="section" aria-labelledby="tiers-heading" sx={{ p: { xs: 2, md: 3 } }}>
          <Typography id="tiers-heading" variant="h2" sx={{ mb: 1 }}>
            {tiers.data.length > 0 ? `Tiers of ${program.name}` : `Create tiers for ${program.name}`}
          </Typography>
          {tiers.data.length > 0 ? (
            <>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
                Lowest first. Tiers cannot be changed or removed once created.
              </Typography>
              <TierList tiers={tiers.data} expiration={program.loyalty_tiers_expiration} ruleNames={ruleNames} rewards={rewards.data} />
            </>
          ) : (
            <>
              <Alert severity="info" sx={{ mb: 2 }}>
                {program.name} has no tiers yet. Create them all at once: tiers cannot be changed or removed afterwards. Ranges may leave gaps but may not overlap.
              </Alert>
              <CreateTiersForm
                key={program.id}
                programId={program.id}
                programName={program.name}
                ruleIds={ruleIds.data}
                pricedAssignmentIds={rewards.data.filter((r) => r.points !== null).map((r) => r.assignmentId)}
              />
            </>
          )}
        </Paper>
      )}
    </>
  );
}
