import Box from '@mui/material/Box';
import type { RefObject } from 'react';
import { ErrorAlert } from './error-alert';

/** The alert at a form's top for an API error no field fits (see lib/use-form-api-error). */
export function FormErrorAlert({ error, title, ref }: { error: unknown; title: string; ref: RefObject<HTMLDivElement | null> }) {
  if (error === null) return null;
  return (
    <Box ref={ref} tabIndex={-1} sx={{ mb: 2, outline: 'none', scrollMarginTop: 96 }}>
      <ErrorAlert error={error} title={title} />
    </Box>
  );
}
