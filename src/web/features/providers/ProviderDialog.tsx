import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Provider } from '../../../common/api/providers.js';
import { DATA_SOURCES } from '../../../common/api/providers.js';
import { errorMessage } from '../../api/ApiError.js';
import { FormSwitch } from '../../ui/FormSwitch.js';
import { FormTextField } from '../../ui/FormTextField.js';
import { ApiEndpointFields } from './ApiEndpointFields.js';
import { ApiTestPanel } from './ApiTestPanel.js';
import { LogoField } from './LogoField.js';
import { apiTestProblem, apiTestRequestOf } from './apiTestRequest.js';
import { MyMapsFields } from './MyMapsFields.js';
import { providerFormData, providerToForm } from './providerFormMapping.js';
import type { ProviderFormOutput, ProviderFormValues } from './providerFormSchema.js';
import { EMPTY_PROVIDER_FORM, providerForm } from './providerFormSchema.js';
import { DATA_SOURCE_LABELS } from './providerLabels.js';
import type { LogoChange } from './providerLogo.js';
import { useSaveProvider } from './providerQueries.js';

const CREATED_FALLBACK = 'Provider created successfully!';
const UPDATED_FALLBACK = 'Provider updated successfully!';
const SAVE_FAILED = 'Failed to save provider';

interface ProviderDialogProps {
  /** The provider to edit; null adds a new one. */
  provider: Provider | null;
  onClose: () => void;
  /** After a save: the server's message, or the failure's. */
  onResult: (severity: 'success' | 'error', message: string) => void;
}

/** The provider add/edit dialog (docs/admin-guide.md, Providers); mounted afresh for each opening. */
export function ProviderDialog({ provider, onClose, onResult }: ProviderDialogProps) {
  const editing = provider !== null;
  const titleId = useId();
  const formId = useId();
  const save = useSaveProvider();
  const [logo, setLogo] = useState<LogoChange>({ file: null, remove: false });
  const { control, handleSubmit, getValues } = useForm<ProviderFormValues, unknown, ProviderFormOutput>({
    resolver: zodResolver(providerForm),
    defaultValues: provider ? providerToForm(provider) : EMPTY_PROVIDER_FORM,
  });
  const dataSource = useWatch({ control, name: 'data_source' });

  const onSubmit = handleSubmit(() => {
    // The schema only checks; the raw values (strings as typed) are what the body is built from.
    const body = providerFormData(getValues(), logo, editing);
    save.mutate(
      { id: provider?.id, body },
      {
        onSuccess: (envelope) => {
          onResult('success', envelope.message ?? (editing ? UPDATED_FALLBACK : CREATED_FALLBACK));
          onClose();
        },
        onError: (error) => onResult('error', errorMessage(error, SAVE_FAILED)),
      },
    );
  });

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id={titleId}>{editing ? 'Edit Provider' : 'Add New Provider'}</DialogTitle>
      <DialogContent dividers>
        <form id={formId} noValidate onSubmit={onSubmit}>
          <SectionHeading first>Details</SectionHeading>
          <FormTextField control={control} name="name" label="Provider Name" required autoFocus />
          <FormTextField control={control} name="description" label="Description" multiline minRows={2} />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="contact_email" label="Contact Email" type="email" autoComplete="off" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField control={control} name="contact_phone" label="Contact Phone" type="tel" autoComplete="off" />
            </Grid>
          </Grid>
          <FormTextField
            control={control}
            name="signup_url"
            label="Sign-up URL"
            type="url"
            placeholder="https://"
            helperText="Where visitors go to sign up; without it they can only send a contact request."
          />
          <FormTextField
            control={control}
            name="next_steps"
            label="What happens next"
            multiline
            minRows={2}
            helperText="Told to visitors in the e-mail that confirms their request"
          />
          <FormSwitch control={control} name="active" label="Active" helperText="Inactive providers are left out of coverage checks and the map." />

          <SectionHeading>Logo</SectionHeading>
          <LogoField savedFilename={provider?.logo_filename ?? null} value={logo} onChange={setLogo} />

          <SectionHeading>Coverage data source</SectionHeading>
          <FormTextField control={control} name="data_source" label="Data Source" select>
            {DATA_SOURCES.map((source) => (
              <MenuItem key={source} value={source}>
                {DATA_SOURCE_LABELS[source]}
              </MenuItem>
            ))}
          </FormTextField>
          {dataSource === 'kml_upload' && (
            <Alert severity="info" sx={{ mt: 1 }}>
              Upload this provider&apos;s coverage as KML or KMZ files in Coverage Management.
            </Alert>
          )}
          {dataSource === 'my_maps_url' && <MyMapsFields control={control} />}
          {dataSource === 'api_endpoint' && (
            <>
              <ApiEndpointFields control={control} />
              <Divider sx={{ my: 2 }} />
              <ApiTestPanel
                buildRequest={(point) => {
                  const values = getValues();
                  const problem = apiTestProblem(values);
                  return problem ? { problem } : apiTestRequestOf(values, point, provider?.id);
                }}
              />
            </>
          )}
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function SectionHeading({ children, first = false }: { children: string; first?: boolean }) {
  return (
    <Typography variant="overline" component="h3" color="text.secondary" sx={{ display: 'block', mt: first ? 0 : 2, lineHeight: 2 }}>
      {children}
    </Typography>
  );
}
