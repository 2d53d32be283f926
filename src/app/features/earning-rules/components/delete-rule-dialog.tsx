import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { ErrorAlert } from '../../../components/error-alert';
import { useDeleteEarningRule } from '../api/delete-earning-rule';
import type { RuleProgram } from '../api/get-rule-programs';

interface DeleteRuleDialogProps {
  open: boolean;
  rule: { id: string; name: string };
  programs: RuleProgram[];
  onClose(): void;
  onDeleted(): void;
}

/** Asks before deleting a rule: from the next event on it earns nothing; points already earned stay. */
export function DeleteRuleDialog({ open, rule, programs, onClose, onDeleted }: DeleteRuleDialogProps) {
  const remove = useDeleteEarningRule();
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };
  const names = programs.map((p) => p.name).join(', ');
  return (
    <Dialog open={open} onClose={close} aria-labelledby="delete-rule-title" aria-describedby="delete-rule-description">
      <DialogTitle id="delete-rule-title">Delete this rule?</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-rule-description">
          “{rule.name}” stops earning in {names || 'its programs'} from the next event and leaves the rules list. Points members already earned with it stay on their cards. This
          cannot be undone.
        </DialogContentText>
        {remove.isError && <ErrorAlert error={remove.error} title="The rule was not deleted" sx={{ mt: 2 }} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button
          color="error"
          variant="contained"
          loading={remove.isPending}
          onClick={() => remove.mutate({ programIds: programs.map((p) => p.id), ruleId: rule.id }, { onSuccess: onDeleted })}
        >
          Delete rule
        </Button>
      </DialogActions>
    </Dialog>
  );
}
