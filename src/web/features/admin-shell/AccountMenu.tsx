import AccountCircle from '@mui/icons-material/AccountCircle';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Logout from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ROLE_LABELS } from '../../../common/api/users.js';
import { ADMIN_ACCOUNT_PATH } from '../../auth/adminPaths.js';
import { useVerifySession } from '../../auth/useVerifySession.js';
import { useLogout } from './sessionQueries.js';

/** The top bar's "Admin" menu: who is signed in and in which role, their Account page, and Logout. */
export function AccountMenu() {
  const session = useVerifySession();
  const navigate = useNavigate();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const open = anchor !== null;

  return (
    <>
      {session.data && (
        <Typography variant="body2" sx={{ mr: 1, opacity: 0.85, display: { xs: 'none', sm: 'block' } }}>
          Signed in as <strong>{session.data.username}</strong> ({ROLE_LABELS[session.data.role]})
        </Typography>
      )}
      <Button
        id={buttonId}
        color="inherit"
        startIcon={<AccountCircle />}
        endIcon={<ArrowDropDown />}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Admin
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        <MenuItem
          onClick={() => {
            setAnchor(null);
            navigate(ADMIN_ACCOUNT_PATH);
          }}
        >
          <ListItemIcon>
            <ManageAccountsOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>Account</ListItemText>
        </MenuItem>
        <MenuItem
          disabled={logout.isPending}
          onClick={() => {
            setAnchor(null);
            logout.mutate();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          <ListItemText>Logout</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
