import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { visuallyHidden } from '../../ui/visuallyHidden.js';

interface ExportCsvButtonProps {
  /** What the CSV holds, e.g. "searches": the end of the button's accessible name. */
  report: string;
  disabled: boolean;
  onClick: () => void;
}

/**
 * A report section's "Export CSV" button. Assistive technology hears "Export CSV of searches": the
 * words shown come first, so a voice command saying what is on screen finds the button.
 */
export function ExportCsvButton({ report, disabled, onClick }: ExportCsvButtonProps) {
  return (
    <Button size="small" variant="outlined" startIcon={<FileDownloadOutlined />} disabled={disabled} onClick={onClick}>
      Export CSV
      <Box component="span" sx={visuallyHidden}>
        {` of ${report}`}
      </Box>
    </Button>
  );
}
