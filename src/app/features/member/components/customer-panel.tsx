import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { MemberSearchResult } from '../../../../contract/member-search';
import { Detail } from '../../../components/detail';
import { EmailText } from '../../../components/email-text';
import { ErrorAlert } from '../../../components/error-alert';
import { useCan } from '../../../lib/session/use-session';
import { useCustomer } from '../api/get-customer';
import { useCustomerSegments } from '../api/get-customer-segments';
import { paths, withProgram } from '../../../config/paths';
import type { CustomerDeletionKind } from '../model/delete-customer-confirmation';
import { customerDeletedMessage } from '../model/customer-deleted-message';
import { DeleteCustomerDialog } from './delete-customer-dialog';
import { EditCustomerDialog } from './edit-customer-dialog';


function metadataText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Who holds the card: name, email, phone, the id their own systems use, metadata and segments.
 * Both roles may correct the name, e-mail and phone (EditCustomerDialog); marketing may also delete
 * the customer or erase them for good (DeleteCustomerDialog), then lands on the program's members.
 */
export function CustomerPanel({ code, holder, campaignId, cardCount }: { code: string; holder: MemberSearchResult['holder']; campaignId: string; cardCount: number | undefined }) {
  const segments = useCustomerSegments(holder.id);
  const customer = useCustomer(holder.id);
  const mayEdit = useCan('editCustomers');
  const mayDelete = useCan('deleteCustomers');
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState<CustomerDeletionKind | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const metadata = Object.entries(holder.metadata);
  return (
    <Box>
      {done && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 3, rowGap: 0.75, m: 0 }}>
        <Detail label="Name">{holder.name ?? '—'}</Detail>
        <Detail label="Email">{holder.email ? <EmailText email={holder.email} /> : '—'}</Detail>
        <Detail label="Phone">{customer.data?.phone ?? '—'}</Detail>
        <Detail label="Source ID">{holder.source_id ?? '—'}</Detail>
        {metadata.map(([key, value]) => (
          <Detail key={key} label={key}>
            {metadataText(value)}
          </Detail>
        ))}
      </Box>
      {customer.data && (mayEdit || mayDelete) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
          {mayEdit && (
            <Button variant="outlined" size="small" onClick={() => setEditing(true)}>
              Correct details
            </Button>
          )}
          {mayDelete && (
            <>
              <Button variant="outlined" size="small" color="error" onClick={() => setDeleting('delete')}>
                Delete customer
              </Button>
              <Button variant="outlined" size="small" color="error" onClick={() => setDeleting('erase')}>
                Erase permanently
              </Button>
            </>
          )}
        </Box>
      )}
      {mayDelete && customer.data && deleting && (
        <DeleteCustomerDialog
          key={deleting}
          kind={deleting}
          customer={customer.data}
          segmentCount={segments.data?.data.length}
          cardCount={cardCount}
          open
          onClose={() => setDeleting(null)}
          onDeleted={() => void navigate(withProgram(paths.members, campaignId), { state: { customerDeleted: customerDeletedMessage(deleting, customer.data) } })}
        />
      )}
      {mayEdit && customer.data && (
        <>
          <EditCustomerDialog
            code={code}
            customer={customer.data}
            open={editing}
            onClose={() => setEditing(false)}
            onDone={(text) => {
              setDone(text);
            }}
          />
        </>
      )}
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
        Segments
      </Typography>
      {segments.isError && <ErrorAlert error={segments.error} title="Could not load the segments" onRetry={() => void segments.refetch()} />}
      {segments.isPending && <Skeleton width={160} role="progressbar" aria-label="Loading segments" />}
      {segments.data && segments.data.data.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          In no segment.
        </Typography>
      )}
      {segments.data && segments.data.data.length > 0 && (
        <Box component="ul" aria-label="Segments" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
          {segments.data.data.map((segment) => (
            <li key={segment.id}>
              <Chip label={segment.name} size="small" />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
