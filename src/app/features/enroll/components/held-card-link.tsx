import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useCustomerCard } from '../../../api/get-program-members';
import { memberPath } from '../../../config/paths';

/** After a duplicate enrollment: the card the customer already holds in the program, linked to its page. */
export function HeldCardLink({ campaignId, customerId, programName }: { campaignId: string; customerId: string; programName: string }) {
  const card = useCustomerCard(campaignId, customerId);
  if (!card.data) return null;
  return (
    <Alert severity="info" role="status">
      This customer already holds card{' '}
      <Link component={RouterLink} to={memberPath(card.data.code)}>
        {card.data.code}
      </Link>{' '}
      in {programName}.
    </Alert>
  );
}
