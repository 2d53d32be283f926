import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Reward } from '../../../../contract/reward';
import type { RewardAssignment } from '../../../../contract/reward-assignment';
import { formatNumber } from '../../../lib/format';
import { useRewardAssignments } from '../api/get-reward-assignments';

interface OfferedInProps {
  reward: Reward;
  programName: (id: string) => string;
  onChangePrice: (assignment: RewardAssignment) => void;
}

/** The programs offering a reward, each with its price and a button to change it. */
export function OfferedIn({ reward, programName, onChangePrice }: OfferedInProps) {
  const assignments = useRewardAssignments(reward.id);
  if (assignments.isError) return <Typography variant="body2">Could not load the programs offering it.</Typography>;
  if (!assignments.data) return <Typography variant="body2">…</Typography>;
  if (assignments.data.data.length === 0) return <Typography variant="body2" sx={{ color: 'text.secondary' }}>No program yet</Typography>;
  return (
    <Box component="ul" aria-label={`Programs offering ${reward.name}`} sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      {assignments.data.data.map((assignment) => {
        const name = programName(assignment.related_object_id);
        return (
          <Box component="li" key={assignment.id} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
            <Typography variant="body2">
              {name}
              {assignment.parameters ? `: ${formatNumber(assignment.parameters.loyalty.points)} points` : ': members choose the points'}
            </Typography>
            {assignment.parameters && (
              <Button size="small" onClick={() => onChangePrice(assignment)} aria-label={`Change price of ${reward.name} in ${name}`} sx={{ minWidth: 0, py: 0 }}>
                Change price
              </Button>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
