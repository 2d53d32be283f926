import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import type { StaffUser } from '../../contract/staff-session';
import { paths } from '../config/paths';
import { useSignOut } from '../lib/session/use-session';

/** Who is signed in, with which role, and the way out. */
export function AccountMenu({ user }: { user: StaffUser }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }} aria-label="Signed-in user" role="group">
      <Typography variant="body2" sx={{ display: { xs: 'none', sm: 'block' } }}>
        {user.username}
      </Typography>
      <Chip label={user.role === 'marketing' ? 'Marketing' : 'Support'} size="small" sx={{ bgcolor: 'rgba(255,255,255,0.18)', color: 'inherit' }} />
      <Button color="inherit" variant="outlined" size="small" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }} loading={signOut.isPending} onClick={() => signOut.mutate(undefined, { onSuccess: () => void navigate(paths.signIn, { replace: true }) })}>
        Sign out
      </Button>
    </Box>
  );
}
