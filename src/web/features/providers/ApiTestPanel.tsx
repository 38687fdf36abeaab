import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import NetworkCheck from '@mui/icons-material/NetworkCheck';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import type { ApiCoverageAnswer, ApiTestRequest } from '../../../common/api/providers.js';
import { DEFAULT_TEST_POINT } from '../../../common/api/providers.js';
import { ApiError, errorMessage } from '../../api/ApiError.js';
import { ServiceStatusChip } from '../../ui/ServiceStatusChip.js';
import type { ApiTestPoint } from './apiTestRequest.js';
import { useTestProviderApi } from './providerQueries.js';

const SUCCESS_FALLBACK = 'API test completed successfully!';
const FAILURE_TITLE = 'API test failed';

interface ApiTestPanelProps {
  /** The request for a test point, or a message saying why there is none (e.g. no URL). */
  buildRequest: (point: ApiTestPoint) => ApiTestRequest | { problem: string };
}

/**
 * Calls a provider's API once at a test point and shows what the mapping made of the answer
 * (POST /api/test): coverage yes/no, status, services, details, and the raw answer.
 */
export function ApiTestPanel({ buildRequest }: ApiTestPanelProps) {
  const test = useTestProviderApi();
  const [lat, setLat] = useState(String(DEFAULT_TEST_POINT.lat));
  const [lng, setLng] = useState(String(DEFAULT_TEST_POINT.lng));
  const [address, setAddress] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const latNumber = Number(lat);
  const lngNumber = Number(lng);
  const latError = lat.trim() === '' || !Number.isFinite(latNumber) || latNumber < -90 || latNumber > 90;
  const lngError = lng.trim() === '' || !Number.isFinite(lngNumber) || lngNumber < -180 || lngNumber > 180;

  const run = () => {
    if (latError || lngError) return;
    const request = buildRequest({ lat: latNumber, lng: lngNumber, address });
    if ('problem' in request) {
      setProblem(request.problem);
      test.reset();
      return;
    }
    setProblem(null);
    test.mutate(request);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, bgcolor: 'grey.50' }} component="section" aria-label="Test API">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Test API
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Calls the endpoint once with the settings above for a test location, without saving them.
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 6, sm: 3 }}>
          <TextField
            label="Test Latitude"
            value={lat}
            onChange={(event) => setLat(event.target.value)}
            error={latError}
            helperText={latError ? 'Latitude must be between -90 and 90' : undefined}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 3 }}>
          <TextField
            label="Test Longitude"
            value={lng}
            onChange={(event) => setLng(event.target.value)}
            error={lngError}
            helperText={lngError ? 'Longitude must be between -180 and 180' : undefined}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="Test Address" value={address} onChange={(event) => setAddress(event.target.value)} placeholder="Optional" />
        </Grid>
      </Grid>
      <Button variant="outlined" startIcon={<NetworkCheck />} onClick={run} disabled={test.isPending || latError || lngError} sx={{ mt: 1 }}>
        {test.isPending ? 'Testing...' : 'Run API Test'}
      </Button>

      <Box aria-live="polite">
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        )}
        {test.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            <AlertTitle>{FAILURE_TITLE}</AlertTitle>
            {errorMessage(test.error, 'The API could not be tested.')}
            {test.error instanceof ApiError && test.error.detail && (
              <Typography variant="body2" sx={{ mt: 0.5, fontFamily: 'monospace', wordBreak: 'break-word' }}>
                {test.error.detail}
              </Typography>
            )}
          </Alert>
        )}
        {test.isSuccess && test.data.data && (
          <>
            <Alert severity="success" sx={{ mt: 2 }}>
              {test.data.message ?? SUCCESS_FALLBACK}
            </Alert>
            <ApiTestResult answer={test.data.data} />
          </>
        )}
      </Box>
    </Paper>
  );
}

function ApiTestResult({ answer }: { answer: ApiCoverageAnswer }) {
  const [showRaw, setShowRaw] = useState(false);
  const rawId = useId();
  const { coverage_detected: covered, response } = answer;
  return (
    <Box sx={{ mt: 2 }} aria-label="API test result" role="group">
      <Grid container spacing={1.5} sx={{ alignItems: 'center' }}>
        <ResultRow label="Coverage detected">
          <Chip size="small" label={covered ? 'Yes' : 'No'} color={covered ? 'success' : 'default'} />
        </ResultRow>
        <ResultRow label="Service status">
          {response.serviceStatus ? <ServiceStatusChip status={response.serviceStatus} /> : <Muted>Not reported</Muted>}
        </ResultRow>
        <ResultRow label="Services">
          {response.services.length > 0 ? (
            <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {response.services.map((service) => (
                <Chip key={service} size="small" variant="outlined" label={service} />
              ))}
            </Stack>
          ) : (
            <Muted>None reported</Muted>
          )}
        </ResultRow>
        <ResultRow label="Details">
          {response.coverageDetails ? <Typography variant="body2">{response.coverageDetails}</Typography> : <Muted>None</Muted>}
        </ResultRow>
      </Grid>
      <Button
        size="small"
        onClick={() => setShowRaw((shown) => !shown)}
        aria-expanded={showRaw}
        aria-controls={rawId}
        endIcon={showRaw ? <ExpandLess /> : <ExpandMore />}
        sx={{ mt: 1 }}
      >
        Raw response
      </Button>
      <Collapse in={showRaw} id={rawId}>
        <Box
          component="pre"
          sx={{ m: 0, mt: 1, p: 1.5, bgcolor: 'grey.900', color: 'grey.100', borderRadius: 1, fontSize: 12, overflow: 'auto', maxHeight: 280 }}
        >
          {JSON.stringify(answer.raw_response, null, 2) ?? 'No response body'}
        </Box>
      </Collapse>
    </Box>
  );
}

function ResultRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Grid size={{ xs: 4, sm: 3 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
      </Grid>
      <Grid size={{ xs: 8, sm: 9 }}>{children}</Grid>
    </>
  );
}

function Muted({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {children}
    </Typography>
  );
}
