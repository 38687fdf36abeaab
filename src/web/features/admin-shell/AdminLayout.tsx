import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { ADMIN_DRAWER_WIDTH } from '../../app/theme.js';
import { AccountMenu } from './AccountMenu.js';
import { AdminNavigation } from './AdminNavigation.js';
import { ScreenAccess } from './ScreenAccess.js';

const drawerPaper = { '& .MuiDrawer-paper': { width: ADMIN_DRAWER_WIDTH, boxSizing: 'border-box' } } as const;

/**
 * The admin shell: a fixed side menu on medium and larger screens, a drawer behind a menu button
 * on small ones, and the top bar. Only one drawer is ever rendered, so the menu appears once in
 * the page for assistive technology and tests alike.
 */
export function AdminLayout() {
  const theme = useTheme();
  // Read synchronously on the first render so a desktop never flashes the small-screen layout.
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <AppBar position="fixed" sx={{ width: { md: `calc(100% - ${ADMIN_DRAWER_WIDTH}px)` }, ml: { md: `${ADMIN_DRAWER_WIDTH}px` } }}>
        <Toolbar>
          {!isDesktop && (
            <IconButton color="inherit" edge="start" aria-label="open navigation" onClick={() => setDrawerOpen(true)} sx={{ mr: 1 }}>
              <MenuIcon />
            </IconButton>
          )}
          <Typography variant="h6" component="div" noWrap sx={{ flexGrow: 1 }}>
            Admin Portal
          </Typography>
          <AccountMenu />
        </Toolbar>
      </AppBar>

      {isDesktop ? (
        <Drawer variant="permanent" open sx={{ width: ADMIN_DRAWER_WIDTH, flexShrink: 0, ...drawerPaper }}>
          <AdminNavigation />
        </Drawer>
      ) : (
        // The temporary drawer is a modal dialog; its name says what it holds.
        <Drawer
          variant="temporary"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          sx={drawerPaper}
          slotProps={{ paper: { 'aria-label': 'Navigation menu' } }}
        >
          <AdminNavigation onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      )}

      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        {/* Keeps the content clear of the fixed top bar. */}
        <Toolbar />
        <ScreenAccess />
      </Box>
    </Box>
  );
}
