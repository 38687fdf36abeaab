import LockOutlined from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Outlet, Link as RouterLink, useLocation } from 'react-router-dom';
import { ROLE_LABELS } from '../../../common/api/users.js';
import { mayOpen } from '../../auth/roleAccess.js';
import { useVerifySession } from '../../auth/useVerifySession.js';
import { AdminPageHeading } from '../../ui/AdminPageHeading.js';

/**
 * The screen of the current path, or, when the signed-in role may not open it (a bookmark, a typed
 * address), a panel that says so inside the shell, so the menu stays to go on from.
 */
export function ScreenAccess() {
  const { pathname } = useLocation();
  const role = useVerifySession().data?.role;
  if (!role || mayOpen(role, pathname)) return <Outlet />;
  return (
    <>
      <AdminPageHeading title="You do not have access to this page" />
      <Typography sx={{ mb: 2, display: 'flex', alignItems: 'center', gap: 1 }}>
        <LockOutlined color="action" />
        Your role ({ROLE_LABELS[role]}) cannot open this screen. Ask an owner of the team if you need it.
      </Typography>
      <Button variant="contained" component={RouterLink} to="/admin/dashboard">
        Go to the dashboard
      </Button>
    </>
  );
}
