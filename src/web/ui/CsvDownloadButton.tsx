import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import { errorMessage } from '../api/ApiError.js';
import type { NoticeSeverity } from './useNotice.js';

const EXPORT_FAILED = 'Failed to export CSV';

/** What the button reads of a TanStack mutation that downloads a CSV and answers its file name. */
export interface CsvDownload<I> {
  isPending: boolean;
  mutate(input: I, callbacks: { onSuccess: (fileName: string) => void; onError: (error: unknown) => void }): void;
}

interface CsvDownloadButtonProps<I> {
  download: CsvDownload<I>;
  /** What to export (the screen's filters). */
  input: I;
  /** The screen's notice: "Downloaded <file>", or why it failed. */
  onResult: (severity: NoticeSeverity, message: string) => void;
  disabled?: boolean;
}

/** A list screen's "Export CSV" (the heading's action): "Exporting..." while the file downloads. */
export function CsvDownloadButton<I>({ download, input, onResult, disabled = false }: CsvDownloadButtonProps<I>) {
  const start = () =>
    download.mutate(input, {
      onSuccess: (fileName) => onResult('success', `Downloaded ${fileName}`),
      onError: (error) => onResult('error', errorMessage(error, EXPORT_FAILED)),
    });
  return (
    <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={start} disabled={download.isPending || disabled}>
      {download.isPending ? 'Exporting...' : 'Export CSV'}
    </Button>
  );
}
