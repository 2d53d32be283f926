import Typography from '@mui/material/Typography';
import { useQueries } from '@tanstack/react-query';
import { programTiersQueryOptions } from '../../../api/get-program-tiers';
import type { RuleProgram } from '../api/get-rule-programs';
import { describeRuleTiers } from '../model/describe-rule-tiers';

/** Under the rule's summary: what the tiers of its programs make of it (nothing when no tier maps it). */
export function RuleTierMappings({ ruleId, programs }: { ruleId: string; programs: readonly RuleProgram[] }) {
  const tiers = useQueries({ queries: programs.map((program) => programTiersQueryOptions(program.id)) });
  const lines = describeRuleTiers(
    ruleId,
    programs.map((program, i) => ({ name: program.name, tiers: tiers[i]?.data ?? [] })),
  );
  return lines.map((line) => (
    <Typography key={line} variant="body2" sx={{ mt: 1 }} data-testid="rule-tier-mapping">
      {line}
    </Typography>
  ));
}
