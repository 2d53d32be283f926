import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { oauthScopes } from '../../../../contract/oauth';

const describe = new Map<string, string>(oauthScopes.map((s) => [s.scope, s.description]));

/** A token's scope string ("loyalties segments") as chips, each explained on hover. */
export function ScopeChips({ scope, label }: { scope: string; label: string }) {
  const values = scope.split(' ').filter(Boolean);
  return (
    <Box component="ul" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, m: 0, p: 0, listStyle: 'none' }}>
      {values.map((value) => (
        <li key={value}>
          <Tooltip title={describe.get(value) ?? ''}>
            <Chip size="small" label={value} sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }} />
          </Tooltip>
        </li>
      ))}
    </Box>
  );
}
