import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { WebhookAttempt } from '../../../../contract/webhook';
import { ErrorAlert } from '../../../components/error-alert';
import { PagedTable } from '../../../components/paged-table';
import { sendoutsPageSize, useWebhookSendouts } from '../api/get-webhook-sendouts';
import { useSendSendoutAgain } from '../api/send-sendout-again';
import { eventLabel } from '../model/event-choices';

const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

// To the second: a test and its "send again" a few seconds later are told apart.
const attemptTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const formatDateTime = (value: string) => attemptTime.format(new Date(value));

const outcome: Record<WebhookAttempt['status'], { label: string; color: 'success' | 'warning' | 'error' }> = {
  DELIVERED: { label: 'Delivered', color: 'success' },
  PENDING: { label: 'Will try again', color: 'warning' },
  FAILED: { label: 'Gave up', color: 'error' },
};

/** What the receiver answered, in a few words: its status code, or why there was none. */
function answerOf(attempt: WebhookAttempt): string {
  if (attempt.status_code !== null) return String(attempt.status_code);
  return attempt.error ?? 'No answer';
}

/**
 * An endpoint's sendout log, newest attempt first: when, which event, which attempt, the answer's
 * status, how long it took and the first 1 kB of what it said; any webhook can be sent again.
 */
export function SendoutLog({ webhookId, active }: { webhookId: string; active: boolean }) {
  const [page, setPage] = useState(0);
  const query = useWebhookSendouts(webhookId, page + 1);
  const again = useSendSendoutAgain();
  const rows = query.data?.data ?? [];
  return (
    <Box sx={{ minWidth: 0 }}>
      {again.isError && <ErrorAlert error={again.error} title="The webhook was not sent again" sx={{ mb: 1 }} />}
      {again.isSuccess && (
        <Typography role="status" variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
          {active ? 'Sent again: the new attempt appears here in a moment.' : 'Queued: it is sent once the endpoint is switched on.'}
        </Typography>
      )}
      <PagedTable
        label="Sendout log"
        what="sendout log"
        query={query}
        columns={7}
        rowCount={rows.length}
        emptyText="Nothing sent yet. Send a test webhook to try the endpoint."
        page={page}
        pageSize={sendoutsPageSize}
        total={query.data?.total ?? 0}
        onPageChange={setPage}
        head={
          <TableRow>
            <TableCell>Time</TableCell>
            <TableCell>Event</TableCell>
            <TableCell align="right">Attempt</TableCell>
            <TableCell>Answer</TableCell>
            <TableCell align="right">Took</TableCell>
            <TableCell>What it said</TableCell>
            {/* Positioned, so the hidden label stays inside the table's scrolling box instead of widening the page. */}
            <TableCell sx={{ position: 'relative' }}>
              <Box component="span" sx={visuallyHidden}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        }
      >
        {rows.map((attempt) => (
          <TableRow key={`${attempt.sendout_id}-${attempt.attempt}`}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(attempt.created_at)}</TableCell>
            <TableCell sx={{ minWidth: 160 }}>
              {eventLabel(attempt.event_type)}
              <Box sx={{ mt: 0.5 }}>
                <Chip size="small" variant="outlined" label={outcome[attempt.status].label} color={outcome[attempt.status].color} />
              </Box>
            </TableCell>
            <TableCell align="right">{attempt.attempt}</TableCell>
            <TableCell sx={{ minWidth: 90, maxWidth: 220, overflowWrap: 'anywhere' }}>{answerOf(attempt)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {attempt.duration_ms} ms
            </TableCell>
            <TableCell sx={{ minWidth: 180, maxWidth: 320 }}>
              <Box
                component="code"
                title={attempt.response ?? undefined}
                sx={{ fontSize: '0.75rem', overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
              >
                {attempt.response || '(empty)'}
              </Box>
            </TableCell>
            <TableCell>
              <Button
                size="small"
                variant="outlined"
                sx={{ whiteSpace: 'nowrap' }}
                aria-label={`Send again: ${eventLabel(attempt.event_type)}, ${formatDateTime(attempt.created_at)}`}
                loading={again.isPending && again.variables.sendoutId === attempt.sendout_id}
                onClick={() => again.mutate({ webhookId, sendoutId: attempt.sendout_id })}
              >
                Send again
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </PagedTable>
    </Box>
  );
}
