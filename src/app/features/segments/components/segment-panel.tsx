import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { membersShown, useSegmentMembers } from '../api/get-segment-members';
import { useSegment } from '../api/get-segment';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** A segment (GET /v1/segments/{id}) and its size and first members (GET /v1/customers?segment_id=…). */
export function SegmentPanel({ segmentId }: { segmentId: string }) {
  const segment = useSegment(segmentId);
  const members = useSegmentMembers(segmentId);
  return (
    <Paper component="section" aria-labelledby="segment-panel-heading" sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography id="segment-panel-heading" variant="h2">
        {segment.data?.name ?? 'Segment'}
      </Typography>
      {segment.isError && <ErrorAlert error={segment.error} title="Could not load the segment" onRetry={() => void segment.refetch()} />}
      {segment.data && (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.75, m: 0 }}>
          <Field label="Id">{segment.data.id}</Field>
          <Field label="Type">
            <Chip size="small" label={segment.data.type} color={segment.data.type === 'static' ? 'default' : 'primary'} variant="outlined" />
          </Field>
          <Field label="Created">{formatDateTime(segment.data.created_at)}</Field>
          <Field label="Size">{members.data ? `${formatNumber(members.data.total)} ${members.data.total === 1 ? 'customer' : 'customers'}` : members.isError ? '—' : 'Counting…'}</Field>
        </Box>
      )}
      {segment.isPending && <Skeleton variant="rounded" height={96} />}
      {segment.data?.filter && (
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            Filter
          </Typography>
          <Box component="pre" sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, fontSize: 12, overflow: 'auto', maxHeight: 240 }}>
            {JSON.stringify(segment.data.filter, null, 2)}
          </Box>
        </Box>
      )}
      {members.isError && <ErrorAlert error={members.error} title="Could not load the members" onRetry={() => void members.refetch()} />}
      {members.data && members.data.customers.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            {members.data.total > membersShown ? `Newest ${membersShown} members` : 'Members'}
          </Typography>
          <Box component="ul" aria-label="Segment members" sx={{ m: 0, pl: 2.5 }}>
            {members.data.customers.map((customer) => (
              <Typography component="li" variant="body2" key={customer.id}>
                {customer.name ?? customer.source_id ?? customer.id} <Box component="span" sx={{ color: 'text.secondary', fontFamily: 'monospace', fontSize: 12 }}>{customer.id}</Box>
              </Typography>
            ))}
          </Box>
        </Box>
      )}
    </Paper>
  );
}
