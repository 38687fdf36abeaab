import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { AdminPageHeading } from '../../ui/AdminPageHeading.js';

/** An /admin path that names no screen: said inside the shell, so the menu stays to go on from. */
export function AdminNotFoundPage() {
  const { pathname } = useLocation();
  return (
    <>
      <AdminPageHeading title="Page not found" />
      <Typography sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        There is no admin page at <code>{pathname}</code>. Choose a screen from the menu, or go to the dashboard.
      </Typography>
      <Button variant="contained" component={RouterLink} to="/admin/dashboard">
        Go to the dashboard
      </Button>
    </>
  );
}
