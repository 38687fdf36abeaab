import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { Controller } from 'react-hook-form';
import { isHttpUrl } from '../../../common/api/fields.js';
import { errorMessage } from '../../api/ApiError.js';
import { FormSwitch } from '../../ui/FormSwitch.js';
import type { ProviderFormControl } from './providerFormSchema.js';
import { useValidateMyMapsUrl } from './providerQueries.js';

interface MyMapsFieldsProps {
  control: ProviderFormControl;
}

/** Source my_maps_url: the map's share link, checked by the server, and the auto-sync switch. */
export function MyMapsFields({ control }: MyMapsFieldsProps) {
  const check = useValidateMyMapsUrl();
  const lastChecked = useRef<string | null>(null);

  const runCheck = (url: string, force: boolean) => {
    const trimmed = url.trim();
    if (!trimmed || !isHttpUrl(trimmed)) return;
    if (!force && trimmed === lastChecked.current) return;
    lastChecked.current = trimmed;
    check.mutate(trimmed);
  };

  return (
    <>
      <Controller
        control={control}
        name="my_maps_url"
        render={({ field: { ref, onBlur, ...field }, fieldState }) => (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              {...field}
              inputRef={ref}
              required
              label="My Maps URL"
              placeholder="https://www.google.com/maps/d/viewer?mid=..."
              onChange={(event) => {
                field.onChange(event);
                check.reset();
              }}
              onBlur={() => {
                onBlur();
                runCheck(field.value, false);
              }}
              error={fieldState.invalid}
              helperText={fieldState.error?.message ?? 'The share link of a Google My Maps map; its KML export is downloaded on sync.'}
            />
            <Button
              variant="outlined"
              onClick={() => runCheck(field.value, true)}
              disabled={check.isPending || !isHttpUrl(field.value.trim())}
              sx={{ mt: { sm: 2.25 }, flexShrink: 0, height: 40 }}
            >
              {check.isPending ? 'Checking...' : 'Check URL'}
            </Button>
          </Stack>
        )}
      />
      <div role="status" aria-live="polite">
        {check.isSuccess && check.data.valid && (
          <Typography variant="body2" color="success.main" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <CheckCircleOutline fontSize="small" />
            Valid My Maps link. Map ID: {check.data.map_id}
          </Typography>
        )}
        {check.isSuccess && !check.data.valid && (
          <Typography variant="body2" color="error">
            This is not a Google My Maps link (it needs a map id, mid=...).
          </Typography>
        )}
        {check.isError && (
          <Typography variant="body2" color="error">
            {errorMessage(check.error, 'Could not check the My Maps URL')}
          </Typography>
        )}
      </div>
      <FormSwitch
        control={control}
        name="auto_sync"
        label="Sync automatically"
        helperText="Downloads the map again on a schedule, so changes made in My Maps appear on the coverage map."
      />
    </>
  );
}
