import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import { useCan } from '../../auth/useCan.js';
import { ReadOnlyRegion } from '../../ui/ReadOnlyRegion.js';
import { AdminPageHeading } from '../../ui/AdminPageHeading.js';
import { NoticeSnackbar } from '../../ui/NoticeSnackbar.js';
import { useNotice } from '../../ui/useNotice.js';
import Typography from '@mui/material/Typography';
import { AddressBookCard } from './AddressBookCard.js';
import { AntennaPatternsCard } from './AntennaPatternsCard.js';
import { ClutterAreasCard } from './ClutterAreasCard.js';
import { EmbeddingCard } from './EmbeddingCard.js';
import { PublicMapStartCard } from './PublicMapStartCard.js';
import { RadioModelCard } from './RadioModelCard.js';
import { TeamSecurityCard } from './TeamSecurityCard.js';

/**
 * /admin/settings: the team's security (2FA roles, audit retention: the owner's), where the public map opens, the embedding and the address book settings
 * (the password moved to the Account page), and the radio section: the propagation model, the clutter areas and the antenna pattern library.
 */
export function SettingsPage() {
  const { notice, show, close } = useNotice();
  // A viewer reads the settings (their own password stays theirs to change).
  const canChange = useCan('change');
  return (
    <>
      <AdminPageHeading
        title="Settings"
        subtitle="Manage the public map, embedding, the address book and the radio model of the wireless answers. Your password is under Account."
      />
      {!canChange && (
        <Alert severity="info" sx={{ mb: 3 }}>
          Your role can read these settings but not change them. Your own password is yours to change.
        </Alert>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12 }}>
          <TeamSecurityCard onResult={show} />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <ReadOnlyRegion readOnly={!canChange}>
            <PublicMapStartCard onResult={show} />
          </ReadOnlyRegion>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ReadOnlyRegion readOnly={!canChange}>
            <EmbeddingCard onResult={show} />
          </ReadOnlyRegion>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ReadOnlyRegion readOnly={!canChange}>
            <AddressBookCard onResult={show} />
          </ReadOnlyRegion>
        </Grid>
        <Grid size={12}>
          <Typography variant="h5" component="h2" id="radio-section" sx={{ mt: 2 }}>
            Radio
          </Typography>
        </Grid>
        <Grid size={12}>
          <ReadOnlyRegion readOnly={!canChange}>
            <RadioModelCard onResult={show} />
          </ReadOnlyRegion>
        </Grid>
        <Grid size={12}>
          <ReadOnlyRegion readOnly={!canChange}>
            <ClutterAreasCard onResult={show} />
          </ReadOnlyRegion>
        </Grid>
        <Grid size={12}>
          <ReadOnlyRegion readOnly={!canChange}>
            <AntennaPatternsCard onResult={show} />
          </ReadOnlyRegion>
        </Grid>
      </Grid>
      <NoticeSnackbar notice={notice} onClose={close} />
    </>
  );
}
