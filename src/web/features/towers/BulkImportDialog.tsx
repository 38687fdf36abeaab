import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { type BulkImportResult, towersImportedMessage } from '../../../common/api/towers.js';
import { errorMessage } from '../../api/ApiError.js';
import { visuallyHidden } from '../../ui/visuallyHidden.js';
import {
  parseImportJson,
  parseTowerCsv,
  readyToImportText,
  REQUIRED_TOWER_FIELDS,
  SECTOR_CSV_COLUMNS,
  SECTOR_CSV_EXAMPLE,
  rowsToJsonText,
  TOWER_CSV_COLUMNS,
  TOWER_CSV_EXAMPLE,
  TOWER_JSON_EXAMPLE,
} from './bulkImportText.js';
import { RejectedRowsTable } from './RejectedRowsTable.js';
import { useBulkImportTowers } from './towerQueries.js';

const IMPORT_FAILED = 'Failed to import towers';
const MONOSPACE = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

interface BulkImportDialogProps {
  onClose: () => void;
  /** An import that rejected nothing closes the dialog and reports here; a failure reports here too. */
  onResult: (severity: 'success' | 'error', message: string) => void;
}

interface Outcome {
  message: string;
  result: BulkImportResult;
}

/**
 * A JSON list of towers, typed or filled from a CSV file
 * with a header row. The server stores the valid rows and reports the others, which stay listed
 * here to be fixed.
 */
export function BulkImportDialog({ onClose, onResult }: BulkImportDialogProps) {
  const titleId = useId();
  const textId = useId();
  const sectorsId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const bulkImport = useBulkImportTowers();
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const [csv, setCsv] = useState<{ fileName: string; warnings: string[] } | null>(null);
  const [csvError, setCsvError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  /** The text last imported: importing it again would store its valid rows twice. */
  const [importedText, setImportedText] = useState<string | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  // The result sits above the data: bring it into view, wherever the admin had scrolled to.
  useEffect(() => {
    if (outcome) outcomeRef.current?.scrollIntoView({ block: 'start' });
  }, [outcome]);

  /** The preview: how many towers and sectors the text holds, when it is a JSON list. */
  const readyText = useMemo(() => {
    const parsed = text.trim() === '' ? null : parseImportJson(text);
    return parsed && 'rows' in parsed ? readyToImportText(parsed.rows) : null;
  }, [text]);

  const editText = (value: string) => {
    setText(value);
    setTextError(null);
  };

  const chooseCsv = async (file: File | undefined) => {
    if (!file) return;
    setCsvError(null);
    setOutcome(null);
    const parsed = parseTowerCsv(await file.text());
    if ('error' in parsed) {
      setCsv(null);
      setCsvError(parsed.error);
      return;
    }
    setCsv({ fileName: file.name, warnings: parsed.warnings });
    editText(rowsToJsonText(parsed.rows));
  };

  const runImport = () => {
    const parsed = parseImportJson(text);
    if ('error' in parsed) {
      setTextError(parsed.error);
      return;
    }
    setOutcome(null);
    bulkImport.mutate(parsed.rows, {
      onSuccess: (envelope) => {
        const result = envelope.data ?? { imported_count: 0, imported_sector_count: 0, error_count: 0, errors: [] };
        const message = envelope.message ?? towersImportedMessage(result.imported_count);
        if (result.errors.length > 0) console.warn('Bulk import rejected rows', result.errors);
        if (result.error_count === 0) {
          onResult('success', message);
          onClose();
          return;
        }
        setOutcome({ message, result });
        setImportedText(text);
      },
      onError: (error) => onResult('error', errorMessage(error, IMPORT_FAILED)),
    });
  };

  const busy = bulkImport.isPending;
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id={titleId}>Bulk Import Towers</DialogTitle>
      <DialogContent dividers>
        {outcome && (
          <Box ref={outcomeRef} sx={{ mb: 3 }}>
            <Alert severity={outcome.result.imported_count > 0 ? 'success' : 'warning'} sx={{ mb: 1.5 }}>
              {outcome.message}
            </Alert>
            <RejectedRowsTable result={outcome.result} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              The rejected rows were not stored. Correct them in the data below (and remove the imported ones) to import them.
            </Typography>
          </Box>
        )}
        <DialogContentText sx={{ mb: 2 }}>
          Paste a JSON array of towers, or choose a CSV file. Each tower should include {REQUIRED_TOWER_FIELDS.join(', ')}; the other fields take their defaults
          when left out.
        </DialogContentText>

        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <FormatExample title="JSON example" code={TOWER_JSON_EXAMPLE} />
          <FormatExample title="CSV example" code={TOWER_CSV_EXAMPLE} />
        </Stack>
        <Box component="section" aria-labelledby={sectorsId} sx={{ mb: 2 }}>
          <Typography id={sectorsId} variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            Sectors (optional)
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            A tower without sectors has one omni antenna. In a CSV, each sector is a row of its own whose <code>sector_of</code> names a tower of the same file
            (its code, else its name); its <code>name</code>, <code>frequency_ghz</code>, <code>power_dbm</code> and <code>active</code> are the sector&apos;s,
            with <code>azimuth_deg</code> (where it points, clockwise from north), <code>downtilt_deg</code> (positive is below the horizon),{' '}
            <code>antenna_pattern_id</code> (the id of a pattern in Settings, Antenna patterns) and <code>height_m</code> (blank: the tower&apos;s). In JSON,
            list them in the tower&apos;s <code>sectors</code>. A tower is imported with all its sectors or not at all.
          </Typography>
          <FormatExample title="Example with sectors (CSV)" code={SECTOR_CSV_EXAMPLE} />
        </Box>

        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
          <Button
            variant="outlined"
            startIcon={<UploadFile />}
            onClick={() => fileInput.current?.click()}
            disabled={busy}
            sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          >
            Choose CSV file
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".csv,text/csv"
            aria-label="CSV file"
            style={visuallyHidden}
            tabIndex={-1}
            onChange={(event) => {
              void chooseCsv(event.target.files?.[0]);
              // Choosing the same file again (after fixing it) must fire again.
              event.target.value = '';
            }}
          />
          {csv ? (
            <Typography variant="body2" color="text.secondary" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              The rows of {csv.fileName} are in the data below; Import Towers sends them.
            </Typography>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ minWidth: 0 }}>
              With a header row:{' '}
              <Box component="code" sx={{ fontFamily: MONOSPACE, fontSize: 12, overflowWrap: 'anywhere' }}>
                {TOWER_CSV_COLUMNS.filter((column) => !(SECTOR_CSV_COLUMNS as readonly string[]).includes(column)).join(',')}
              </Box>
              , then the sector columns if any.
            </Typography>
          )}
        </Stack>
        {csvError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {csvError}
          </Alert>
        )}
        {csv && csv.warnings.length > 0 && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {csv.warnings.map((warning) => (
              <div key={warning}>{warning}</div>
            ))}
          </Alert>
        )}

        <TextField
          id={textId}
          label="Tower data (JSON)"
          value={text}
          onChange={(event) => editText(event.target.value)}
          placeholder={TOWER_JSON_EXAMPLE}
          multiline
          minRows={8}
          maxRows={14}
          fullWidth
          error={textError !== null}
          helperText={textError ?? 'A JSON array of tower objects'}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: MONOSPACE, fontSize: 13 } } }}
        />
        <Typography role="status" variant="body2" sx={{ mt: 1, fontWeight: 500, minHeight: '1.5em' }}>
          {readyText}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {outcome ? 'Close' : 'Cancel'}
        </Button>
        <Button variant="contained" onClick={runImport} disabled={busy || text.trim() === '' || text === importedText}>
          {busy ? 'Importing...' : 'Import Towers'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** One accepted format, shown as text to copy or follow. */
function FormatExample({ title, code }: { title: string; code: string }) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ flex: 1, minWidth: 0 }}>
      <Typography id={titleId} variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Box
        component="pre"
        sx={{ m: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1, fontFamily: MONOSPACE, fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {code}
      </Box>
    </Box>
  );
}
