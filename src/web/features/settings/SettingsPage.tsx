import Grid from '@mui/material/Grid';
import { AdminPageHeading } from '../admin-shell/AdminPageHeading.js';
import { ChangePasswordCard } from './ChangePasswordCard.js';
import { SecurityTipsCard } from './SecurityTipsCard.js';

/** /admin/settings (SPEC.md section 2, "Settings"). */
export function SettingsPage() {
  return (
    <>
      <AdminPageHeading title="Account Settings" subtitle="Manage your admin account." />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <ChangePasswordCard />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <SecurityTipsCard />
        </Grid>
      </Grid>
    </>
  );
}
