import DeleteSweepOutlined from '@mui/icons-material/DeleteSweepOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import type { AddressImportResult } from '../../../common/api/geocode.js';
import { errorMessage } from '../../api/ApiError.js';
import { SettingsCard } from './SettingsCard.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import type { NoticeSeverity } from '../../ui/useNotice.js';
import { useAddressCount, useClearAddresses, useImportAddresses } from './addressBookQueries.js';
import { ADDRESS_CSV_EXAMPLE, addressCsvProblem } from './addressCsv.js';

const IMPORT_FAILED = 'Failed to import addresses';
const CLEARED_FALLBACK = 'Imported addresses cleared';
const CLEAR_FAILED = 'Failed to clear imported addresses';

interface AddressBookCardProps {
  onResult: (severity: NoticeSeverity, message: string) => void;
}

interface ImportOutcome {
  fileName: string;
  message: string;
  result: AddressImportResult;
}

/** The addresses admins import (CSV label,lat,lng), suggested first by the map's search. */
export function AddressBookCard({ onResult }: AddressBookCardProps) {
  const count = useAddressCount();
  const importAddresses = useImportAddresses();
  const clear = useClearAddresses();
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState(0);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const total = count.data?.count;

  const upload = (file: File | undefined) => {
    if (!file) return;
    const problem = addressCsvProblem(file);
    if (problem) {
      onResult('error', problem);
      return;
    }
    setOutcome(null);
    setProgress(0);
    importAddresses.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: (envelope) => {
          const result = envelope.data ?? { imported_count: 0, error_count: 0, errors: [] };
          const message = envelope.message ?? `Imported ${result.imported_count} ${result.imported_count === 1 ? 'address' : 'addresses'}`;
          setOutcome({ fileName: file.name, message, result });
          onResult(result.error_count > 0 ? 'warning' : 'success', message);
        },
        onError: (error) => onResult('error', errorMessage(error, IMPORT_FAILED)),
      },
    );
  };

  const confirmClear = () =>
    clear.mutate(undefined, {
      onSuccess: (envelope) => {
        setOutcome(null);
        onResult('success', envelope.message ?? CLEARED_FALLBACK);
      },
      onError: (error) => onResult('error', errorMessage(error, CLEAR_FAILED)),
      onSettled: () => setConfirmOpen(false),
    });

  return (
    <SettingsCard
      headingId="address-book-heading"
      icon={<MenuBookOutlined color="primary" />}
      title="Address Book"
      description={
        <>
          Addresses imported here are suggested first in the map&apos;s search, before the built-in place names and the online geocoder. Useful for estates,
          farms and new streets the geocoder does not know yet.
        </>
      }
    >
      <Typography variant="body1" sx={{ mt: 2, fontWeight: 600 }} aria-live="polite">
        {count.isPending && 'Counting imported addresses...'}
        {count.isError && `Could not count the imported addresses. ${errorMessage(count.error, '')}`}
        {total !== undefined && (total === 0 ? 'No imported addresses yet' : `${total.toLocaleString()} imported ${total === 1 ? 'address' : 'addresses'}`)}
      </Typography>

      <Typography variant="body2" sx={{ mt: 2 }}>
        Upload a CSV file (at most 5 MB) with a header row <code>label,lat,lng</code> and one address per row, latitude and longitude in decimal degrees. A
        label holding a comma goes in double quotes:
      </Typography>
      <Box
        component="pre"
        sx={{
          m: 0,
          mt: 1,
          p: 1.5,
          borderRadius: 1,
          bgcolor: 'grey.100',
          fontSize: 13,
          overflowX: 'auto',
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        }}
      >
        {ADDRESS_CSV_EXAMPLE}
      </Box>

      <input
        ref={inputRef}
        type="file"
        aria-label="Address CSV file"
        accept=".csv,text/csv"
        style={{ display: 'none' }}
        onChange={(event) => {
          upload(event.target.files?.[0]);
          // Choosing the same file again (after fixing it) must still upload it.
          event.target.value = '';
        }}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<UploadFile />} disabled={importAddresses.isPending} onClick={() => inputRef.current?.click()}>
          {importAddresses.isPending ? 'Importing...' : 'Import CSV'}
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteSweepOutlined />}
          disabled={!total || clear.isPending || importAddresses.isPending}
          onClick={() => setConfirmOpen(true)}
        >
          Clear imported addresses
        </Button>
      </Stack>
      {importAddresses.isPending && (
        <LinearProgress variant={progress < 1 ? 'determinate' : 'indeterminate'} value={progress * 100} aria-label="Import progress" sx={{ mt: 2 }} />
      )}

      {outcome && <ImportResult outcome={outcome} />}
      <ConfirmDialog
        open={confirmOpen}
        title="Clear imported addresses?"
        message="Are you sure you want to delete all imported addresses?"
        detail={`${total === undefined ? 'They' : `All ${total.toLocaleString()}`} leave the map's search; the built-in place names stay. This cannot be undone.`}
        confirmLabel="Clear addresses"
        pending={clear.isPending}
        onConfirm={confirmClear}
        onCancel={() => setConfirmOpen(false)}
      />
    </SettingsCard>
  );
}

/** The outcome of the last import: the count, and each row that could not be read, by line. */
function ImportResult({ outcome }: { outcome: ImportOutcome }) {
  const { result } = outcome;
  const unlisted = result.error_count - result.errors.length;
  return (
    <Alert severity={result.error_count > 0 ? 'warning' : 'success'} sx={{ mt: 2 }} aria-label="Import result">
      <AlertTitle>{outcome.message}</AlertTitle>
      <Typography variant="body2">
        From {outcome.fileName}.{' '}
        {result.error_count === 0 ? 'Every row was read.' : `${result.error_count} ${result.error_count === 1 ? 'row was' : 'rows were'} skipped:`}
      </Typography>
      {result.errors.length > 0 && (
        <Box component="ul" aria-label="Import errors" sx={{ m: 0, mt: 0.5, pl: 2.5, maxHeight: 200, overflowY: 'auto' }}>
          {result.errors.map((error) => (
            <li key={`${error.line}:${error.message}`}>
              <Typography variant="body2">
                Line {error.line}: {error.message}
              </Typography>
            </li>
          ))}
        </Box>
      )}
      {unlisted > 0 && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          …and {unlisted} more.
        </Typography>
      )}
    </Alert>
  );
}
