import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import type { AntennaPatternDetail } from '../../../common/api/antennaPatterns.js';
import { errorMessage } from '../../api/ApiError.js';
import { visuallyHidden } from '../../ui/visuallyHidden.js';
import { useUploadAntennaPattern } from './antennaPatternQueries.js';
import { gainMayBeNeeded, PATTERN_FILE_ACCEPT } from './antennaPatternText.js';

const UPLOAD_FAILED = 'Failed to upload the pattern';

interface PatternUploadDialogProps {
  onClose: () => void;
  onUploaded: (pattern: AntennaPatternDetail, message: string) => void;
}

/**
 * Uploads a pattern file (Planet/MSI, Radio Mobile .ant, or SPLAT!'s .az with its .el). A refusal
 * (the server names the file and line) is shown here, and the chosen files and fields are kept.
 */
export function PatternUploadDialog({ onClose, onUploaded }: PatternUploadDialogProps) {
  const titleId = useId();
  const formId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadAntennaPattern();
  const [files, setFiles] = useState<File[]>([]);
  const [name, setName] = useState('');
  const [gainDbi, setGainDbi] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const askGain = gainMayBeNeeded(files.map((file) => file.name));

  const submit = () => {
    if (files.length === 0) {
      setProblem('Choose a pattern file first.');
      return;
    }
    setProblem(null);
    upload.mutate(
      { files, name, gainDbi: askGain ? gainDbi : '' },
      {
        onSuccess: (envelope) => {
          if (envelope.data) onUploaded(envelope.data, envelope.message ?? 'Antenna pattern uploaded successfully');
          onClose();
        },
        onError: (error) => setProblem(errorMessage(error, UPLOAD_FAILED)),
      },
    );
  };

  return (
    <Dialog open onClose={upload.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Upload Antenna Pattern</DialogTitle>
      <DialogContent dividers>
        <form
          id={formId}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              A vendor&apos;s Planet / MSI file (.msi, .pln, .txt), a Radio Mobile .ant, or SPLAT!&apos;s .az with its .el (choose both). The format is told by
              the content.
            </Typography>
            {problem && (
              <Alert severity="error" role="alert">
                {problem}
              </Alert>
            )}
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Button variant="outlined" startIcon={<UploadFile />} onClick={() => inputRef.current?.click()} disabled={upload.isPending}>
                Choose files
              </Button>
              <Typography variant="body2" data-testid="chosen-pattern-files">
                {files.length === 0 ? 'No file chosen' : files.map((file) => file.name).join(', ')}
              </Typography>
              <input
                ref={inputRef}
                type="file"
                style={visuallyHidden}
                tabIndex={-1}
                multiple
                accept={PATTERN_FILE_ACCEPT}
                aria-label="Pattern files"
                onChange={(event) => {
                  const chosen = Array.from(event.target.files ?? []);
                  if (chosen.length > 0) setFiles(chosen);
                  setProblem(null);
                  event.target.value = '';
                }}
              />
            </Stack>
            <TextField
              label="Name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              helperText="Blank: the file's NAME line, else the file's name"
              fullWidth
            />
            {askGain && (
              <TextField
                label="Peak gain"
                type="number"
                value={gainDbi}
                onChange={(event) => setGainDbi(event.target.value)}
                helperText="SPLAT! files carry no gain, and a Radio Mobile file may not: the antenna's peak gain from its data sheet"
                slotProps={{ input: { endAdornment: <InputAdornment position="end">dBi</InputAdornment> }, htmlInput: { step: 0.1 } }}
                fullWidth
              />
            )}
          </Stack>
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={upload.isPending}>
          Cancel
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={upload.isPending}>
          {upload.isPending ? 'Uploading...' : 'Upload'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
