import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { Provider } from '../../../common/api/providers.js';
import { API_TEST_URL_REQUIRED } from '../../../common/api/providers.js';
import { ApiTestPanel } from './ApiTestPanel.js';
import { apiTestRequestOf } from './apiTestRequest.js';
import { providerToForm } from './providerFormMapping.js';

interface ApiTestDialogProps {
  provider: Provider;
  onClose: () => void;
}

/** The table's Test API action: tests a saved provider's API with its saved settings and secrets. */
export function ApiTestDialog({ provider, onClose }: ApiTestDialogProps) {
  const titleId = useId();
  const values = providerToForm(provider);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id={titleId}>Test API: {provider.name}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ mb: 2, wordBreak: 'break-all' }}>
          Endpoint: <strong>{provider.api_endpoint_url ?? 'not set'}</strong>
        </Typography>
        <ApiTestPanel
          buildRequest={(point) => (values.api_endpoint_url.trim() ? apiTestRequestOf(values, point, provider.id) : { problem: API_TEST_URL_REQUIRED })}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
