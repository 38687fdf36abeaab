import Grid from '@mui/material/Grid';
import { AdminPageHeading } from '../../ui/AdminPageHeading.js';
import { NoticeSnackbar } from '../../ui/NoticeSnackbar.js';
import { useNotice } from '../../ui/useNotice.js';
import { ChangePasswordCard, SecurityTipsCard } from '../settings/index.js';
import { SessionsCard } from './SessionsCard.js';
import { TwoFactorCard } from './TwoFactorCard.js';

/** /admin/account, for every role: the password, two-factor sign-in and the signed-in sessions. */
export function AccountPage() {
  const { notice, show, close } = useNotice();
  return (
    <>
      <AdminPageHeading title="Account" subtitle="Your password, two-factor sign-in and where you are signed in." />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <ChangePasswordCard />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <SecurityTipsCard />
        </Grid>
        <Grid size={12}>
          <TwoFactorCard onResult={(message) => show('success', message)} />
        </Grid>
        <Grid size={12}>
          <SessionsCard onResult={(message) => show('success', message)} />
        </Grid>
      </Grid>
      <NoticeSnackbar notice={notice} onClose={close} />
    </>
  );
}
