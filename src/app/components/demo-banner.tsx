import Alert from '@mui/material/Alert';
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
      sx={{ borderRadius: 0, bgcolor: '#b45309', height: demoBannerHeight, py: 0, alignItems: 'center', justifyContent: 'center', '& .MuiAlert-icon, & .MuiAlert-message': { py: 0 } }}
    >
      Demo mode — signed in automatically as {user.username} ({user.role}). Sign out to use your own account.
    </Alert>
  );
}
