import Box from '@mui/material/Box';

/**
 * Who, then why, for one entry of a card's history: "by sam (support) · goodwill, ticket 4711"; the
 * name kept on one line where there is room. A dash when neither is known.
 */
export function HistoryNote({ author, reason }: { author: string | undefined; reason: string | undefined }) {
  if (!author && !reason) return '—';
  return (
    <>
      {author && <Box component="span" sx={{ whiteSpace: { sm: 'nowrap' } }}>{`${author}${reason ? ' ·' : ''}`}</Box>}
      {author && reason && ' '}
      {reason}
    </>
  );
}
