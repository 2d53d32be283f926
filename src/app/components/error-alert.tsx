import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { errorObjectOf } from '../lib/api-error';

interface ErrorAlertProps {
  /** An `ApiRequestError` (its error object is shown) or anything else that was thrown. */
  error: unknown;
  /** What was being done, e.g. "Could not load the loyalty programs". */
  title?: string;
  onRetry?: () => void;
  sx?: SxProps<Theme>;
}

/**
 * Shows a failure in the API's own words (DESIGN §6): its `message` and `details`, with the key
 * and request id to quote to support. Never a generic "Something went wrong".
 */
export function ErrorAlert({ error, title, onRetry, sx }: ErrorAlertProps) {
  const object = errorObjectOf(error);
  const reference = [object.key && `Error key: ${object.key}`, object.code ? `HTTP ${object.code}` : undefined, object.request_id && `Request id: ${object.request_id}`]
    .filter(Boolean)
    .join(' · ');
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            Try again
          </Button>
        )
      }
    >
      <AlertTitle>{title ?? object.message}</AlertTitle>
      {title && <Typography variant="body2">{object.message}</Typography>}
      {object.details && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {object.details}
        </Typography>
      )}
      {reference && (
        <Typography variant="caption" component="p" sx={{ mt: 0.5, opacity: 0.8 }}>
          {reference}
        </Typography>
      )}
    </Alert>
  );
}
