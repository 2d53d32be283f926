import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** One row of a definition list (dt + dd) laid out by a two-column grid. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box component="dt" sx={{ color: 'text.secondary', typography: 'body2' }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, typography: 'body2', fontWeight: 500, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </>
  );
}
