import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { roleMay } from '../../contract/staff-session';
import { navAreas, type NavArea } from '../config/navigation';
import { paths, type AppPath } from '../config/paths';
import { useSession } from '../lib/session/use-session';
import { AccountMenu } from './account-menu';
import { DemoBanner, demoBannerHeight } from './demo-banner';
import { ErrorAlert } from './error-alert';
import { HelpMenu } from './help-menu';
import { BoltIcon, CardMembershipIcon, DownloadIcon, GroupIcon, HeartCardIcon, KeyIcon, ListIcon, MenuIcon, PersonAddIcon, PieChartIcon, PlaceIcon, RedeemIcon, StarIcon, TierIcon, WebhookIcon } from './icons';
import { PageLoading } from './page-loading';
import { RoleRestricted } from './role-restricted';

const drawerWidth = 248;

// Its own chunk: the search's schemas and Autocomplete stay out of the entry bundle.
const MemberSearch = lazy(() => import('./member-search'));

const areaIcons: Record<AppPath, ComponentType | undefined> = {
  [paths.home]: undefined,
  [paths.enroll]: PersonAddIcon,
  [paths.members]: GroupIcon,
  [paths.earningRules]: StarIcon,
  [paths.tiers]: TierIcon,
  [paths.programs]: CardMembershipIcon,
  [paths.rewards]: RedeemIcon,
  [paths.events]: BoltIcon,
  [paths.exports]: DownloadIcon,
  [paths.segments]: PieChartIcon,
  [paths.locations]: PlaceIcon,
  [paths.tokens]: KeyIcon,
  [paths.webhooks]: WebhookIcon,
  [paths.apiLog]: ListIcon,
  [paths.signIn]: undefined,
};

function Navigation({ areas, onNavigate }: { areas: readonly NavArea[]; onNavigate?: () => void }) {
  return (
    <Box component="nav" aria-label="Main navigation">
      <List sx={{ px: 1 }}>
        {areas.map((area) => {
          const Icon = areaIcons[area.path];
          // Each link in its own <li>: a <ul> may hold list items only (axe `list`).
          return (
            <ListItem key={area.path} disablePadding>
              <ListItemButton
                component={NavLink}
                to={area.path}
                onClick={onNavigate}
                sx={{
                  borderRadius: 1,
                  mb: 0.25,
                  '&.active': { bgcolor: 'action.selected', color: 'primary.main', '& .MuiListItemIcon-root': { color: 'primary.main' } },
                }}
              >
                {Icon && (
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <Icon />
                  </ListItemIcon>
                )}
                <ListItemText primary={area.label} />
                {!area.built && <Chip label="Soon" size="small" variant="outlined" aria-hidden sx={{ height: 20, fontSize: '0.7rem' }} />}
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}

/**
 * The frame of every page: app bar, navigation drawer (permanent on wide screens), content. It is
 * also the sign-in gate: without a session it sends the visitor to the sign-in page, and it shows
 * only the areas the signed-in role may use.
 */
export function AppLayout() {
  const [mobileOpen, setMobileOpen] = useState(false);
  const session = useSession();
  const location = useLocation();

  if (session.isPending) return <PageLoading />;
  if (session.isError) return <ErrorAlert error={session.error} title="Could not reach the dashboard server" onRetry={() => void session.refetch()} sx={{ m: 3 }} />;
  if (!session.data.authenticated) return <Navigate to={paths.signIn} replace state={{ from: `${location.pathname}${location.search}` }} />;
  const { user, demo, api_reference_url: apiReferenceUrl } = session.data;
  const areas = navAreas.filter((area) => !area.action || roleMay(user.role, area.action));
  // An area's own pages too (`/programs/new`): a role that may not use the area may not open them either.
  const restricted = navAreas.find((area) => (location.pathname === area.path || location.pathname.startsWith(`${area.path}/`)) && area.action && !roleMay(user.role, area.action));

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Link
        href="#main-content"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (theme) => theme.zIndex.tooltip,
          bgcolor: 'background.paper',
          px: 2,
          py: 1,
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        Skip to content
      </Link>
      <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <Toolbar>
          <IconButton color="inherit" edge="start" aria-label="Open navigation" onClick={() => setMobileOpen(true)} sx={{ mr: 1, display: { md: 'none' } }}>
            <MenuIcon />
          </IconButton>
          <HeartCardIcon sx={{ mr: 1.5 }} aria-hidden />
          {/* On a phone the title gives way to the search, help and account controls (the heart stays). */}
          <Typography variant="h6" component="div" noWrap sx={{ fontWeight: 650, letterSpacing: '-0.01em', minWidth: 0, display: { xs: 'none', sm: 'block' } }}>
            Loyalty dashboard
          </Typography>
          <Box sx={{ ml: 'auto', pl: 1, display: 'flex', alignItems: 'center', flexShrink: 0, gap: { xs: 0.5, sm: 1.5 } }}>
            <Suspense fallback={null}>
              <MemberSearch />
            </Suspense>
            <HelpMenu apiReferenceUrl={apiReferenceUrl} />
            <AccountMenu user={user} />
          </Box>
        </Toolbar>
        {demo && <DemoBanner user={user} />}
      </AppBar>

      {/* The panel's own colour and edge down the whole page, however long: the fixed drawer above covers one screen. */}
      <Box sx={{ width: { md: drawerWidth }, flexShrink: { md: 0 }, bgcolor: { md: 'background.paper' }, borderRight: { md: 1 }, borderColor: { md: 'divider' } }}>
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: drawerWidth } }}
        >
          <Toolbar />
          {demo && <Box sx={{ height: demoBannerHeight }} />}
          <Navigation areas={areas} onNavigate={() => setMobileOpen(false)} />
        </Drawer>
        <Drawer
          variant="permanent"
          open
          sx={{ display: { xs: 'none', md: 'block' }, '& .MuiDrawer-paper': { width: drawerWidth, boxSizing: 'border-box' } }}
        >
          <Toolbar />
          {demo && <Box sx={{ height: demoBannerHeight }} />}
          <Navigation areas={areas} />
        </Drawer>
      </Box>

      <Box component="main" id="main-content" tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 }, outline: 'none' }}>
        <Toolbar />
        {demo && <Box sx={{ height: demoBannerHeight }} />}
        <Suspense fallback={<PageLoading />}>{restricted ? <RoleRestricted area={restricted} role={user.role} /> : <Outlet />}</Suspense>
      </Box>
    </Box>
  );
}
