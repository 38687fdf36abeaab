import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { copyText } from '../../ui/copyText.js';
import { saveBlob } from '../../ui/saveFile.js';
import { useTimedMessage } from '../../ui/useTimedMessage.js';

const COPIED_MS = 3_000;
const RECOVERY_CODES_FILE = 'coverage-map-recovery-codes.txt';

/** The ten recovery codes, shown once: copy or download them, then say they are saved. */
export function RecoveryCodesPanel({ codes, username, onDone }: { codes: readonly string[]; username: string; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  const [notice, showNotice] = useTimedMessage(COPIED_MS);
  const text = `Recovery codes for ${username} (Coverage Map). Each code signs in once.\n\n${codes.join('\n')}\n`;
  const copy = () =>
    copyText(codes.join('\n')).then(
      () => showNotice('Recovery codes copied'),
      () => showNotice('Could not copy automatically. Select the codes and copy them by hand.'),
    );

  return (
    <Stack spacing={2}>
      <Alert severity="warning">
        Save these recovery codes somewhere safe, away from your phone. Each one signs you in once if you lose your authenticator app. They will not be shown
        again.
      </Alert>
      <Box
        component="ol"
        aria-label="Recovery codes"
        sx={{ m: 0, p: 2, pl: 5, columns: 2, fontFamily: 'monospace', fontSize: '1.05rem', bgcolor: 'action.hover', borderRadius: 1 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="outlined" startIcon={<Download />} onClick={() => saveBlob(new Blob([text], { type: 'text/plain' }), RECOVERY_CODES_FILE)}>
          Download
        </Button>
        <Typography role="status" variant="body2" color="text.secondary">
          {notice}
        </Typography>
      </Stack>
      <FormControlLabel control={<Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)} />} label="I have saved them" />
      <Box>
        <Button variant="contained" disabled={!saved} onClick={onDone}>
          Done
        </Button>
      </Box>
    </Stack>
  );
}
