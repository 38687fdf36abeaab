import UploadFile from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../api/ApiError.js';
import { formatCount } from '../../ui/reportFormat.js';
import { UploadProgress } from '../../ui/UploadProgress.js';
import { visuallyHidden } from '../../ui/visuallyHidden.js';
import { useImportMeasurements } from './measurementsQueries.js';
import { importSummary } from './measurementText.js';
import {
  MEASUREMENT_CSV_COLUMNS,
  MEASUREMENT_IMPORT_MAX_BYTES,
  MEASUREMENT_IMPORT_MAX_ROWS,
  type MeasurementImportResult,
} from '../../../common/api/measurements.js';

const IMPORT_FAILED = 'The import failed';
const MAX_MIB = MEASUREMENT_IMPORT_MAX_BYTES / (1024 * 1024);

/**
 * Import measurements from a CSV (a header row, the columns of MEASUREMENT_CSV_COLUMNS) or JSON
 * file: the bytes sent, then the result with every bad row by line and field. The good rows are
 * stored even when some are bad (the server stores them in one go).
 */
export function MeasurementImportDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fraction, setFraction] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<MeasurementImportResult | null>(null);
  const importer = useImportMeasurements();
  const abort = useRef<AbortController | null>(null);

  // Closing the page mid-upload stops the upload.
  useEffect(() => () => abort.current?.abort(), []);

  const submit = () => {
    if (!file) {
      setProblem('Choose a CSV or JSON file of measurements.');
      return;
    }
    if (file.size > MEASUREMENT_IMPORT_MAX_BYTES) {
      setProblem(`The file is larger than ${MAX_MIB} MiB. Split it and import the parts.`);
      return;
    }
    setProblem(null);
    setResult(null);
    setFraction(0);
    abort.current = new AbortController();
    importer.mutate(
      { file, onProgress: setFraction, signal: abort.current.signal },
      {
        onSuccess: setResult,
        onError: (error) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          setProblem(errorMessage(error, IMPORT_FAILED));
        },
      },
    );
  };

  return (
    <Dialog open onClose={importer.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id={titleId}>Import measurements</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            A CSV file with a header row, or a JSON file of <code>{'{ "measurements": [ … ] }'}</code> with the same names. Columns:{' '}
            <code>{MEASUREMENT_CSV_COLUMNS.join(', ')}</code>. The first six are needed; <code>tower</code> is a tower&apos;s id or code, <code>sector</code> a
            sector&apos;s name on it (blank: the best one), <code>source</code> install, survey or drive_test, and an install with a blank signal is one that
            failed for want of signal. Up to {formatCount(MEASUREMENT_IMPORT_MAX_ROWS)} rows and {MAX_MIB} MiB.
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<UploadFile />} onClick={() => inputRef.current?.click()} disabled={importer.isPending}>
              Choose file
            </Button>
            <Typography variant="body2" data-testid="chosen-measurement-file">
              {file ? file.name : 'No file chosen'}
            </Typography>
            <input
              ref={inputRef}
              type="file"
              style={visuallyHidden}
              tabIndex={-1}
              accept=".csv,text/csv,.json,application/json"
              aria-label="Measurements file"
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                if (chosen) {
                  setFile(chosen);
                  setResult(null);
                }
                setProblem(null);
                event.target.value = '';
              }}
            />
          </Stack>
          {importer.isPending && (
            <UploadProgress fraction={fraction} sending={(percent) => `Sending ${percent}%`} processing="Checking and storing the measurements…" />
          )}
          {problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}
          {result && <ImportResult result={result} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={importer.isPending}>
          {result ? 'Close' : 'Cancel'}
        </Button>
        <Button variant="contained" onClick={submit} disabled={importer.isPending || !file}>
          {importer.isPending ? 'Importing...' : result ? 'Import again' : 'Import'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** How many were stored, and the bad rows by line and field (the first MEASUREMENT_IMPORT_MAX_ERRORS of them). */
function ImportResult({ result }: { result: MeasurementImportResult }) {
  const shown = result.errors.length;
  return (
    <Stack spacing={1.5} role="status" aria-label="Import result">
      <Alert severity={result.error_count === 0 ? 'success' : result.imported_count === 0 ? 'error' : 'warning'}>
        {importSummary(result)} {result.imported_count > 0 && 'Their predictions are worked out in the background; the report updates as they come.'}
      </Alert>
      {shown > 0 && (
        <>
          <Typography variant="subtitle2" component="h3">
            Rows left out{shown < result.error_count ? ` (the first ${formatCount(shown)} of ${formatCount(result.error_count)})` : ''}
          </Typography>
          <Paper variant="outlined">
            <TableContainer sx={{ maxHeight: 320 }}>
              <Table size="small" stickyHeader aria-label="Rows left out">
                <TableHead>
                  <TableRow>
                    <TableCell align="right">Line</TableCell>
                    <TableCell>Field</TableCell>
                    <TableCell>Problem</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {result.errors.map((error, index) => (
                    <TableRow key={`${error.line}-${error.field}-${index}`}>
                      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                        {error.line}
                      </TableCell>
                      <TableCell>
                        <code>{error.field}</code>
                      </TableCell>
                      <TableCell>{error.message}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Paper>
        </>
      )}
    </Stack>
  );
}
