import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import type { Introspection } from '../../../../contract/oauth';
import { ErrorAlert } from '../../../components/error-alert';
import { formatDateTime } from '../../../lib/format';
import { useIntrospection } from '../api/introspect-token';
import { useCan } from '../../../lib/session/use-session';
import { useRevokeToken } from '../api/revoke-token';
import { Detail } from '../../../components/detail';
import { ExpiryCountdown } from './expiry-countdown';
import { ScopeChips } from './scope-chips';

interface TokenInspectorProps {
  /** The text in the token field (controlled, so "Inspect this token" can fill it). */
  draft: string;
  onDraftChange: (value: string) => void;
  /** The token last asked about; undefined until the first Introspect. */
  inspected: string | undefined;
  onInspect: (accessToken: string) => void;
}

function IntrospectionResult({ result, receivedAt }: { result: Introspection; receivedAt: number }) {
  if (!result.active) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Chip label="Inactive" color="default" sx={{ fontWeight: 600 }} />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Unknown, expired or revoked: requests with this token get 401 Unauthorized.
        </Typography>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Chip label="Active" color="success" sx={{ fontWeight: 600 }} />
        <ExpiryCountdown deadline={receivedAt + result.expires_in * 1000} label="Time left" />
      </Box>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 0.75, m: 0, alignItems: 'center' }}>
        <Detail label="Scope">
          <ScopeChips scope={result.scope} label="Scopes of the inspected token" />
        </Detail>
        <Detail label="Expires at">{formatDateTime(new Date(result.expires_at * 1000).toISOString())}</Detail>
        <Detail label="Client ID">{result.client_id}</Detail>
      </Box>
    </Box>
  );
}

/** Introspect a pasted token (active or not, scope, time left) and revoke it. */
export function TokenInspector({ draft, onDraftChange, inspected, onInspect }: TokenInspectorProps) {
  const introspection = useIntrospection(inspected);
  const revoke = useRevokeToken();
  const canRevoke = useCan('revokeTokens');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [revoked, setRevoked] = useState<string | null>(null);
  const token = draft.trim();

  function requireToken(): boolean {
    setFieldError(token ? null : 'Paste an access token first.');
    return Boolean(token);
  }

  function introspect(event: FormEvent) {
    event.preventDefault();
    if (!requireToken()) return;
    setRevoked(null);
    revoke.reset();
    if (token === inspected) void introspection.refetch();
    else onInspect(token);
  }

  function confirmRevoke() {
    setConfirming(false);
    setRevoked(null);
    revoke.mutate(token, {
      onSuccess: () => {
        setRevoked(token);
        // Show the token's new state at once.
        if (token !== inspected) onInspect(token);
      },
    });
  }

  const showResult = inspected !== undefined && inspected === token;

  return (
    <Paper component="section" aria-labelledby="inspect-token-heading" sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Typography id="inspect-token-heading" variant="h2">
          Inspect or revoke a token
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          Paste a token a customer or integration uses to see whether it still works, what it opens and how long it has left. Revoking stops it at once.
        </Typography>
      </Box>
      <Box>
        <Box component="form" noValidate onSubmit={introspect} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
          <TextField
            label="Token to inspect"
            value={draft}
            onChange={(event) => {
              onDraftChange(event.target.value);
              setFieldError(null);
            }}
            error={fieldError !== null}
            helperText={fieldError}
            autoComplete="off"
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } } }}
          />
          <Button type="submit" variant="contained" loading={introspection.isFetching} sx={{ flexShrink: 0 }}>
            Introspect
          </Button>
          {canRevoke && (
            <Button
              color="error"
              variant="outlined"
              loading={revoke.isPending}
              onClick={() => {
                if (requireToken()) setConfirming(true);
              }}
              sx={{ flexShrink: 0 }}
            >
              Revoke
            </Button>
          )}
        </Box>

        {/* Always in the page, so screen readers announce the revocation when its text appears. */}
        <Box role="status" aria-live="polite">
          {revoked !== null && revoked === token && (
            <Alert severity="success" role="presentation" sx={{ mt: 2 }}>
              Token revoked. Requests with it now get 401 Unauthorized.
            </Alert>
          )}
        </Box>
      </Box>
      {revoke.isError && <ErrorAlert error={revoke.error} title="The token was not revoked" />}
      {showResult && introspection.isPending && <LinearProgress aria-label="Introspecting the token" />}
      {showResult && introspection.isError && <ErrorAlert error={introspection.error} title="Could not introspect the token" onRetry={() => void introspection.refetch()} />}
      {showResult && introspection.data && (
        <Box aria-label="Introspection result" role="region">
          <IntrospectionResult result={introspection.data} receivedAt={introspection.dataUpdatedAt} />
        </Box>
      )}

      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="revoke-title" aria-describedby="revoke-description">
        <DialogTitle id="revoke-title">Revoke this token?</DialogTitle>
        <DialogContent>
          <DialogContentText id="revoke-description">
            Whoever uses the token …{token.slice(-6)} gets 401 Unauthorized from now on. This cannot be undone; a new token can be issued at any time.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={confirmRevoke}>
            Revoke token
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
