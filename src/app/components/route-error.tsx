import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorAlert } from './error-alert';
import { PageHeader } from './page-header';

/**
 * A page that failed to load or render. A stale chunk after a deploy is the usual cause, so the
 * way out offered is a reload.
 */
export function RouteError() {
  const error = useRouteError();
  const shown = isRouteErrorResponse(error)
    ? { code: error.status, key: 'route_error', message: `${error.status} ${error.statusText}`, details: typeof error.data === 'string' ? error.data : undefined }
    : error;
  return (
    <Box>
      <PageHeader title="This page could not be shown" />
      <ErrorAlert error={shown} sx={{ mb: 2, maxWidth: 760 }} />
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </Box>
  );
}
