import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useRef } from 'react';
import type { WebhookWithSecret } from '../../../../contract/webhook';
import { CopyButton } from '../../../components/copy-button';

/**
 * The endpoint's signing secret, shown this once (after adding the endpoint or making a new
 * secret): the page keeps it only until the dialog is closed, and the service never answers it again.
 */
export function SecretDialog({ webhook, rotated, onClose }: { webhook: WebhookWithSecret; rotated: boolean; onClose: () => void }) {
  const field = useRef<HTMLInputElement>(null);
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="secret-title" aria-describedby="secret-description">
      <DialogTitle id="secret-title">{rotated ? 'New signing secret' : 'Endpoint added'}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText id="secret-description">
          Every webhook to {webhook.target_url} is signed with this secret (header x-voucherify-signature). Give it to whoever runs that system, so it can check
          that webhooks come from us.{rotated ? ' The old secret no longer works.' : ''}
        </DialogContentText>
        <Alert severity="warning">Copy it now: it is shown only this once.</Alert>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            inputRef={field}
            label="Signing secret"
            value={webhook.secret}
            fullWidth
            multiline
            onFocus={(event) => event.target.select()}
            slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', wordBreak: 'break-all' } } }}
          />
          <CopyButton text={webhook.secret} label="Copy signing secret" copiedMessage="Signing secret copied to the clipboard" onCopyFailed={() => field.current?.select()} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          I have copied it
        </Button>
      </DialogActions>
    </Dialog>
  );
}
