import Grid from '@mui/material/Grid';
import { AdminPageHeading } from '../../ui/AdminPageHeading.js';
import { NoticeSnackbar } from '../../ui/NoticeSnackbar.js';
import { useNotice } from '../../ui/useNotice.js';
import { AddressBookCard } from './AddressBookCard.js';
import { ChangePasswordCard } from './ChangePasswordCard.js';
import { EmbeddingCard } from './EmbeddingCard.js';
import { PublicMapStartCard } from './PublicMapStartCard.js';
import { SecurityTipsCard } from './SecurityTipsCard.js';

/** /admin/settings (Account Settings): the password, plus where the public map opens, the embedding and the address book settings. */
export function SettingsPage() {
  const { notice, show, close } = useNotice();
  return (
    <>
      <AdminPageHeading title="Account Settings" subtitle="Manage your admin account, the public map, embedding and the address book." />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <ChangePasswordCard />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <SecurityTipsCard />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <PublicMapStartCard onResult={show} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <EmbeddingCard onResult={show} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <AddressBookCard onResult={show} />
        </Grid>
      </Grid>
      <NoticeSnackbar notice={notice} onClose={close} />
    </>
  );
}
