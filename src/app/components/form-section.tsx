import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled group of form fields, labelled by its heading for screen readers. */
export function FormSection({ id, title, gap = 2, children }: { id: string; title: string; gap?: number; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ display: 'flex', flexDirection: 'column', gap }}>
      <Typography id={id} variant="h3" component="h3">
        {title}
      </Typography>
      {children}
    </Box>
  );
}
