import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ErrorAlert } from '../../../components/error-alert';
import { formatDateTime } from '../../../lib/format';
import { useTierProgress } from '../api/get-tier-progress';
import { currentTierWords, nextTierWords, progressPercent, qualifyingWords, tierChangeWords } from '../model/tier-progress-words';

/**
 * The member's loyalty tier (for programs with tiers; nothing otherwise): the tier and until when,
 * what counts now, what the next tier still asks and by when, and the latest tier changes. Its own
 * section, so the member page only places it.
 */
export function MemberTier({ code }: { code: string }) {
  const progress = useTierProgress(code);
  if (progress.isPending) return null;
  if (progress.isError) return <ErrorAlert error={progress.error} title="Could not load the member’s tier" onRetry={() => void progress.refetch()} />;
  const data = progress.data;
  if (!data.has_tiers) return null;
  const percent = progressPercent(data);
  return (
    <Paper component="section" aria-labelledby="tier-heading" sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Typography id="tier-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Loyalty tier
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-testid="member-tier">
        {data.tier?.name ?? 'No tier'}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {currentTierWords(data)}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1.5 }}>
        {qualifyingWords(data)}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 600 }} data-testid="tier-progress">
        {nextTierWords(data)}
      </Typography>
      {percent !== null && data.next_tier && (
        <LinearProgress variant="determinate" value={percent} aria-label={`Progress to ${data.next_tier.name}`} sx={{ mt: 1, height: 8, borderRadius: 4 }} />
      )}
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 0.5 }}>
        Tier history
      </Typography>
      {data.history.length === 0 ? (
        <Typography variant="body2">No tier changes yet.</Typography>
      ) : (
        <Box component="ul" aria-label="Tier history, newest first" sx={{ m: 0, pl: 2.5, typography: 'body2' }}>
          {data.history.map((change) => (
            <li key={`${change.created_at}-${change.type}`}>
              {tierChangeWords(change)}{' '}
              <Box component="span" sx={{ color: 'text.secondary' }}>
                · {formatDateTime(change.created_at)}
              </Box>
            </li>
          ))}
        </Box>
      )}
    </Paper>
  );
}
