import MapOutlined from '@mui/icons-material/MapOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, matchPath, useLocation } from 'react-router-dom';
import { useVerifySession } from '../../auth/useVerifySession.js';
import { adminMenuItems } from './adminNavItems.js';

/** The current screen's item takes the primary colour, text and icon alike. */
const selectedItemStyle = {
  '&.Mui-selected': { color: 'primary.main', '& .MuiListItemIcon-root': { color: 'primary.main' } },
} as const;

/**
 * The item reached with the keyboard wears a 3 px ring in the primary colour, inside its edges so
 * the drawer does not clip it: #1565c0 on the white menu is 5.7:1 (WCAG asks 3:1 of a focus
 * indicator); MUI's own cue, a faint grey fill, is not enough to find it.
 */
const focusRingStyle = {
  '& .MuiListItemButton-root.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: '-3px' },
} as const;

interface AdminNavigationProps {
  /** Called after an item is chosen, so the small-screen drawer can close. */
  onNavigate?: () => void;
}

/** The side menu's content: the screens the signed-in session may open (only Account until a required 2FA is set up); the current screen's item is highlighted. */
export function AdminNavigation({ onNavigate }: AdminNavigationProps) {
  const { pathname } = useLocation();
  const session = useVerifySession().data;
  const items = session ? adminMenuItems(session) : [];

  return (
    <Box component="nav" aria-label="Admin navigation" sx={focusRingStyle}>
      <Toolbar>
        <Typography variant="subtitle1" component="div" sx={{ fontWeight: 700 }} noWrap>
          ISP Coverage Map
        </Typography>
      </Toolbar>
      <Divider />
      <List>
        {items.map(({ label, path, icon: Icon }) => {
          const active = matchPath({ path, end: false }, pathname) !== null;
          return (
            <ListItem key={path} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={path}
                selected={active}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
                sx={selectedItemStyle}
              >
                <ListItemIcon>
                  <Icon />
                </ListItemIcon>
                <ListItemText primary={label} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      <Divider />
      <List>
        <ListItem disablePadding>
          <ListItemButton component="a" href="/" target="_blank" rel="noopener" onClick={onNavigate}>
            <ListItemIcon>
              <MapOutlined />
            </ListItemIcon>
            <ListItemText primary="View Public Map" />
            <OpenInNew fontSize="small" color="action" />
          </ListItemButton>
        </ListItem>
      </List>
    </Box>
  );
}
