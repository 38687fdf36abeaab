import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { API_AUTH_TYPES, CONDITIONS_WITH_VALUE, COVERAGE_CONDITIONS, SECRET_MASK } from '../../../common/api/providers.js';
import { FormTextField } from '../../ui/FormTextField.js';
import { PasswordFormField } from '../../ui/PasswordFormField.js';
import type { ProviderFormControl, ProviderFormValues } from './providerFormSchema.js';
import { AUTH_TYPE_LABELS, COVERAGE_CONDITION_LABELS } from './providerLabels.js';

interface ApiEndpointFieldsProps {
  control: ProviderFormControl;
}

/** Source api_endpoint: URL, headers, authentication and the field mapping. */
export function ApiEndpointFields({ control }: ApiEndpointFieldsProps) {
  const authType = useWatch({ control, name: 'api_auth_type' });
  const keyLocation = useWatch({ control, name: 'api_key_location' });
  const condition = useWatch({ control, name: 'coverage_condition' });
  const keyLocationLabelId = useId();

  return (
    <>
      <FormTextField
        control={control}
        name="api_endpoint_url"
        label="API Endpoint URL"
        required
        placeholder="https://api.example.net/coverage"
        helperText="Called with the location of each coverage check."
      />
      <FormTextField
        control={control}
        name="api_headers"
        label="Request Headers (JSON)"
        multiline
        minRows={2}
        placeholder={'{"X-Client": "coverage-map"}'}
        helperText="Optional extra headers, as a JSON object."
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />

      <SubHeading>Authentication</SubHeading>
      <FormTextField control={control} name="api_auth_type" label="Authentication Type" select>
        {API_AUTH_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {AUTH_TYPE_LABELS[type]}
          </MenuItem>
        ))}
      </FormTextField>
      {authType === 'bearer' && <SecretField control={control} name="auth_token" label="Bearer Token" />}
      {authType === 'basic' && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="auth_username" label="Username" required autoComplete="off" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <SecretField control={control} name="auth_password" label="Password" />
          </Grid>
        </Grid>
      )}
      {authType === 'api_key' && (
        <>
          <Controller
            control={control}
            name="api_key_location"
            render={({ field }) => (
              <FormControl sx={{ mt: 1 }}>
                <FormLabel id={keyLocationLabelId}>Key location</FormLabel>
                <RadioGroup row aria-labelledby={keyLocationLabelId} {...field}>
                  <FormControlLabel value="header" control={<Radio />} label="In header" />
                  <FormControlLabel value="query" control={<Radio />} label="In query" />
                </RadioGroup>
              </FormControl>
            )}
          />
          {keyLocation === 'header' ? (
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 5 }}>
                <FormTextField control={control} name="auth_header_name" label="Header Name" required placeholder="X-API-Key" />
              </Grid>
              <Grid size={{ xs: 12, sm: 7 }}>
                <SecretField control={control} name="auth_api_key" label="API Key" />
              </Grid>
            </Grid>
          ) : (
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 5 }}>
                <FormTextField control={control} name="auth_key_param" label="Query Parameter Name" required placeholder="api_key" />
              </Grid>
              <Grid size={{ xs: 12, sm: 7 }}>
                <SecretField control={control} name="auth_key_value" label="Key Value" />
              </Grid>
            </Grid>
          )}
        </>
      )}

      <SubHeading>Request fields</SubHeading>
      <Typography variant="body2" color="text.secondary">
        The names under which the location is sent. Leave empty for lat, lng and address.
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField control={control} name="latitude_field" label="Latitude Field" placeholder="lat" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField control={control} name="longitude_field" label="Longitude Field" placeholder="lng" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField control={control} name="address_field" label="Address Field" placeholder="address" />
        </Grid>
      </Grid>
      <FormTextField
        control={control}
        name="static_params"
        label="Static Parameters (JSON)"
        multiline
        minRows={2}
        placeholder={'{"format": "json"}'}
        helperText="Optional parameters sent with every call, as a JSON object."
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />

      <SubHeading>Response fields</SubHeading>
      <Typography variant="body2" color="text.secondary">
        Where the answer says whether the location is covered. Dotted paths reach nested fields, e.g. result.covered.
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField control={control} name="coverage_field" label="Coverage Field" placeholder="covered" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField control={control} name="coverage_condition" label="Coverage Condition" select>
            <MenuItem value="">
              <em>Not set</em>
            </MenuItem>
            {COVERAGE_CONDITIONS.map((value) => (
              <MenuItem key={value} value={value}>
                {COVERAGE_CONDITION_LABELS[value]}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField
            control={control}
            name="coverage_value"
            label="Coverage Value"
            placeholder="true"
            disabled={!condition || !CONDITIONS_WITH_VALUE.has(condition)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField control={control} name="status_field" label="Status Field" placeholder="status" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField control={control} name="services_field" label="Services Field" placeholder="services" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField control={control} name="message_field" label="Message Field" placeholder="message" />
        </Grid>
      </Grid>
    </>
  );
}

function SubHeading({ children }: { children: string }) {
  return (
    <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>
      {children}
    </Typography>
  );
}

interface SecretFieldProps {
  control: ProviderFormControl;
  name: Path<ProviderFormValues>;
  label: string;
}

/** A secret input; a saved secret arrives masked and is kept as long as the mask is left alone. */
function SecretField({ control, name, label }: SecretFieldProps) {
  const value = useWatch({ control, name });
  return (
    <PasswordFormField
      control={control}
      name={name}
      label={label}
      required
      autoComplete="new-password"
      helperText={value === SECRET_MASK ? 'The saved secret is hidden. Leave it as it is to keep it, or type a new one.' : undefined}
    />
  );
}
