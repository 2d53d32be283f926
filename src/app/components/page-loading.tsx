import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';

/** Shown while a page's code is loading. */
export function PageLoading() {
  return (
    <Box sx={{ py: 2 }}>
      <LinearProgress aria-label="Loading page" />
    </Box>
  );
}
