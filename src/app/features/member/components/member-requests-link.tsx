import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { memberRequestsPath } from '../../../config/paths';

/** To the API log narrowed to this member: what the shop sent about them, for "where are my points?". */
export function MemberRequestsLink({ card }: { card: { code: string; holder_id?: string | null } }) {
  return (
    <Button component={RouterLink} to={memberRequestsPath(card)} variant="outlined" size="small">
      Requests about this member
    </Button>
  );
}
