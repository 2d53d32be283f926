import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import type { OAuthToken } from '../../../../contract/oauth';
import { formatDateTime } from '../../../lib/format';
import { CopyButton } from '../../../components/copy-button';
import { Detail } from '../../../components/detail';
import { ExpiryCountdown } from './expiry-countdown';
import { ScopeChips } from './scope-chips';

interface IssuedTokenProps {
  token: OAuthToken;
  receivedAt: number;
  onInspect: (accessToken: string) => void;
}

/** The new token, shown this once: copy it, watch it count down, or inspect it below. */
export function IssuedToken({ token, receivedAt, onInspect }: IssuedTokenProps) {
  const field = useRef<HTMLInputElement>(null);
  const deadline = receivedAt + token.expires_in * 1000;
  return (
    <Card component="section" aria-labelledby="issued-token-heading">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography id="issued-token-heading" variant="h2" sx={{ flex: 1 }}>
            New token
          </Typography>
          <ExpiryCountdown deadline={deadline} />
        </Box>
        <Alert severity="warning">Copy it now: the token is shown only once. The service keeps only its hash and cannot show it again.</Alert>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            inputRef={field}
            label="Issued access token"
            value={token.access_token}
            onFocus={(event) => event.target.select()}
            multiline
            // A token has no spaces: let it wrap anywhere so all of it is visible.
            slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', wordBreak: 'break-all' } } }}
          />
          <CopyButton text={token.access_token} label="Copy access token" onCopyFailed={() => field.current?.select()} />
        </Box>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 0.75, m: 0, alignItems: 'center' }}>
          <Detail label="Scope">
            <ScopeChips scope={token.scope} label="Scopes of the new token" />
          </Detail>
          <Detail label="Expires at">{formatDateTime(new Date(token.expires_at * 1000).toISOString())}</Detail>
          <Detail label="Client ID">{token.client_id}</Detail>
          <Detail label="Use it as">
            <Box component="code" sx={{ fontSize: '0.8rem' }}>
              Authorization: {token.token_type} …{token.access_token.slice(-6)}
            </Box>
          </Detail>
        </Box>
        <Box>
          <Button variant="outlined" onClick={() => onInspect(token.access_token)}>
            Inspect this token
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
