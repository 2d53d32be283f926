import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { StaffUser } from '../../contract/staff-session';

export const demoBannerHeight = 32;

/** Demo mode must never pass for a real sign-in: it says so on every page. */
export function DemoBanner({ user }: { user: StaffUser }) {
  return (
    <Alert
      severity="warning"
      variant="filled"
      role="note"
      aria-label="Demo mode"
      // The layout reserves demoBannerHeight below the app bar for it.
      // A darker amber than MUI's filled warning: white text on it passes WCAG AA contrast (axe `color-contrast`).
      // One line at every width: the layout reserves exactly demoBannerHeight, so a wrapped line
      // would cover the page heading. Phones get the short text, and an ellipsis if even that is too long.
      sx={{
        borderRadius: 0,
        bgcolor: '#b45309',
        height: demoBannerHeight,
        py: 0,
        px: { xs: 1, sm: 2 },
        alignItems: 'center',
        justifyContent: 'center',
        '& .MuiAlert-icon': { py: 0, mr: { xs: 0.75, sm: 1.5 } },
        '& .MuiAlert-message': { py: 0, minWidth: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
      }}
    >
      <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
        Demo mode — signed in automatically as {user.username} ({user.role}). Sign out to use your own account.
      </Box>
      <Box component="span" sx={{ display: { xs: 'inline', md: 'none' } }}>
        Demo mode: signed in as {user.username} ({user.role})
      </Box>
    </Alert>
  );
}
