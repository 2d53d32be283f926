import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { EarningRule } from '../../../../contract/earning-rule';
import { ErrorAlert } from '../../../components/error-alert';
import { paths } from '../../../config/paths';
import type { RuleProgram } from '../api/get-rule-programs';
import { useSetEarningRuleActive } from '../api/set-earning-rule-active';
import { notEditable } from '../model/rule-form';
import { DeleteRuleDialog } from './delete-rule-dialog';
import { ruleEditPath } from './rules-table';

/** Marketing's buttons on a rule page: edit, enable or disable (at once), delete (after asking). */
export function RuleActions({ rule, programs }: { rule: EarningRule; programs: RuleProgram[] }) {
  const navigate = useNavigate();
  const setActive = useSetEarningRuleActive();
  const [confirming, setConfirming] = useState(false);
  const [program] = programs;
  const active = rule.status === 'ACTIVE';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-end' }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        {notEditable(rule).length === 0 && program && (
          <Button component={RouterLink} to={ruleEditPath(rule.id)} variant="contained">
            Edit
          </Button>
        )}
        {program && (
          <Button variant="outlined" loading={setActive.isPending} onClick={() => setActive.mutate({ programId: program.id, ruleId: rule.id, active: !active })}>
            {active ? 'Disable' : 'Enable'}
          </Button>
        )}
        {program && (
          <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        )}
      </Box>
      {setActive.isError && <ErrorAlert error={setActive.error} title={active ? 'The rule was not disabled' : 'The rule was not enabled'} />}
      <DeleteRuleDialog open={confirming} rule={rule} programs={programs} onClose={() => setConfirming(false)} onDeleted={() => void navigate(paths.earningRules)} />
    </Box>
  );
}
