import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { errorObjectOf } from '../lib/api-error';
import { sayApiError, serviceWords, technicalReference } from '../lib/api-error-words';

interface ErrorAlertProps {
  /** An `ApiRequestError` (its error object is shown) or anything else that was thrown. */
  error: unknown;
  /** What was being done, e.g. "Could not load the loyalty programs". */
  title?: string;
  onRetry?: () => void;
  sx?: SxProps<Theme>;
}

/**
 * Shows a failure in words a person uses (lib/api-error-words), with the service's own words, the
 * error key and the request id underneath to quote to support. Never a generic "Something went wrong".
 */
export function ErrorAlert({ error, title, onRetry, sx }: ErrorAlertProps) {
  const object = errorObjectOf(error);
  const words = sayApiError(object);
  const reference = technicalReference(object);
  const service = serviceWords(object);
  // Said again underneath only when it adds something.
  const serviceAdds = !service.includes(words);
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
      <AlertTitle>{title ?? words}</AlertTitle>
      {title && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {words}
        </Typography>
      )}
      <Typography variant="caption" component="p" sx={{ mt: 0.5, opacity: 0.85, overflowWrap: 'anywhere' }}>
        {serviceAdds && `The service said: ${service}`}
        {serviceAdds && reference && <br />}
        {reference}
      </Typography>
    </Alert>
  );
}
