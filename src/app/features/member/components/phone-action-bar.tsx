import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { demoBannerHeight } from '../../../components/demo-banner';
import { useSession } from '../../../lib/session/use-session';

/** The sections the bar leads to (their headings' ids on the member page) and what it calls them. */
const actions = [
  { headingId: 'adjust-heading', label: 'Add or remove points' },
  { headingId: 'rewards-heading', label: 'Redeem a reward' },
] as const;

/** MUI's toolbar: 56 px on a phone, 64 px from 600 px. */
const toolbarHeight = { xs: 56, sm: 64 };

/**
 * Where the member page is one column (below 1,200 px), its actions sit under a long history: this
 * bar stays under the app bar while the page scrolls, and takes the agent to a form, its first field
 * focused, in one tap.
 */
export function PhoneActionBar() {
  const session = useSession();
  const banner = session.data?.authenticated && session.data.demo ? demoBannerHeight : 0;

  function open(headingId: string) {
    const section = document.getElementById(headingId)?.closest('section');
    if (!section) return;
    const bar = document.getElementById('member-action-bar');
    const top = section.getBoundingClientRect().top + window.scrollY - (bar ? bar.getBoundingClientRect().bottom : 0) - 8;
    window.scrollTo({ top, behavior: 'smooth' });
    section.querySelector<HTMLElement>('input:not([type=hidden]), textarea, button')?.focus({ preventScroll: true });
  }

  return (
    <Box
      component="nav"
      id="member-action-bar"
      aria-label="Member actions"
      sx={{
        display: { xs: 'flex', lg: 'none' },
        position: 'sticky',
        top: { xs: toolbarHeight.xs + banner, sm: toolbarHeight.sm + banner },
        zIndex: (theme) => theme.zIndex.appBar - 1,
        gap: 1,
        flexWrap: 'wrap',
        mx: { xs: -2, md: -3 },
        px: { xs: 2, md: 3 },
        py: 1,
        mb: 2,
        bgcolor: 'background.default',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {actions.map((action) => (
        <Button key={action.headingId} variant="contained" size="small" onClick={() => open(action.headingId)}>
          {action.label}
        </Button>
      ))}
    </Box>
  );
}
