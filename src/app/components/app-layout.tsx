import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense, useState, type ComponentType } from 'react';
import { NavLink, Outlet } from 'react-router';
import { navAreas } from '../config/navigation';
import { paths, type AppPath } from '../config/paths';
import { BoltIcon, DownloadIcon, GroupIcon, HeartCardIcon, KeyIcon, MenuIcon, PersonAddIcon, PieChartIcon, PlaceIcon, StarIcon } from './icons';
import { PageLoading } from './page-loading';

const drawerWidth = 248;

const areaIcons: Record<AppPath, ComponentType | undefined> = {
  [paths.home]: undefined,
  [paths.enroll]: PersonAddIcon,
  [paths.members]: GroupIcon,
  [paths.earningRules]: StarIcon,
  [paths.events]: BoltIcon,
  [paths.exports]: DownloadIcon,
  [paths.segments]: PieChartIcon,
  [paths.locations]: PlaceIcon,
  [paths.tokens]: KeyIcon,
};

function Navigation({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Box component="nav" aria-label="Main navigation">
      <List sx={{ px: 1 }}>
        {navAreas.map((area) => {
          const Icon = areaIcons[area.path];
          return (
            <ListItemButton
              key={area.path}
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
          );
        })}
      </List>
    </Box>
  );
}

/** The frame of every page: app bar, navigation drawer (permanent on wide screens), content. */
export function AppLayout() {
  const [mobileOpen, setMobileOpen] = useState(false);

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
          <Typography variant="h6" component="div" sx={{ fontWeight: 650, letterSpacing: '-0.01em' }}>
            Loyalty dashboard
          </Typography>
        </Toolbar>
      </AppBar>

      <Box sx={{ width: { md: drawerWidth }, flexShrink: { md: 0 } }}>
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: drawerWidth } }}
        >
          <Toolbar />
          <Navigation onNavigate={() => setMobileOpen(false)} />
        </Drawer>
        <Drawer
          variant="permanent"
          open
          sx={{ display: { xs: 'none', md: 'block' }, '& .MuiDrawer-paper': { width: drawerWidth, boxSizing: 'border-box' } }}
        >
          <Toolbar />
          <Navigation />
        </Drawer>
      </Box>

      <Box component="main" id="main-content" tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 }, outline: 'none' }}>
        <Toolbar />
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
