import Grid from '@mui/material/Grid';
import { AdminPageHeading } from '../../ui/AdminPageHeading.js';
import { NoticeSnackbar } from '../../ui/NoticeSnackbar.js';
import { useNotice } from '../../ui/useNotice.js';
import Typography from '@mui/material/Typography';
import { AddressBookCard } from './AddressBookCard.js';
import { AntennaPatternsCard } from './AntennaPatternsCard.js';
import { ClutterAreasCard } from './ClutterAreasCard.js';
import { ChangePasswordCard } from './ChangePasswordCard.js';
import { EmbeddingCard } from './EmbeddingCard.js';
import { PublicMapStartCard } from './PublicMapStartCard.js';
import { RadioModelCard } from './RadioModelCard.js';
import { SecurityTipsCard } from './SecurityTipsCard.js';
import { TeamSecurityCard } from './TeamSecurityCard.js';

/**
 * /admin/settings (Account Settings): the password, the team's security (2FA roles, audit retention), where the public map opens, the embedding and
 * the address book settings, and the radio section: the propagation model, the clutter areas and the antenna pattern library.
 */
export function SettingsPage() {
  const { notice, show, close } = useNotice();
  return (
    <>
      <AdminPageHeading
        title="Account Settings"
        subtitle="Manage your admin account, the public map, embedding, the address book and the radio model of the wireless answers."
      />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <ChangePasswordCard />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <SecurityTipsCard />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <TeamSecurityCard onResult={show} />
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
        <Grid size={12}>
          <Typography variant="h5" component="h2" id="radio-section" sx={{ mt: 2 }}>
            Radio
          </Typography>
        </Grid>
        <Grid size={12}>
          <RadioModelCard onResult={show} />
        </Grid>
        <Grid size={12}>
          <ClutterAreasCard onResult={show} />
        </Grid>
        <Grid size={12}>
          <AntennaPatternsCard onResult={show} />
        </Grid>
      </Grid>
      <NoticeSnackbar notice={notice} onClose={close} />
    </>
  );
}
