import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { CodeBlock } from '../../ui/CodeBlock.js';
import { CopyFeedback } from '../../ui/CopyFeedback.js';
import { useCopyCode } from '../../ui/useCopyCode.js';

export const SECRET_NOT_SHOWN_AGAIN = 'Copy it now: it will not be shown again. If it is lost, rotate the secret to get a new one.';

interface SecretDialogProps {
  /** The endpoint's URL, to say whose secret this is. */
  url: string;
  secret: string;
  /** "added" after creating the endpoint, "rotated" after a new secret replaced the old one. */
  reason: 'added' | 'rotated';
  onClose: () => void;
}

/** The signing secret, shown this once (the server never answers it again), with a copy button. */
export function SecretDialog({ url, secret, reason, onClose }: SecretDialogProps) {
  const titleId = useId();
  const copy = useCopyCode();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{reason === 'added' ? 'Endpoint added: its signing secret' : 'New signing secret'}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {reason === 'added'
            ? `Deliveries to ${url} are signed with this secret. Give it to the receiver so it can verify the webhook-signature header.`
            : `Deliveries to ${url} are signed with this secret from now on; the old one no longer verifies. Give it to the receiver.`}
        </DialogContentText>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {SECRET_NOT_SHOWN_AGAIN}
        </Alert>
        <CodeBlock name="Signing secret" code={secret} copied={copy.copiedName === 'secret'} onCopy={() => void copy.copy('secret', secret)} />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
      <CopyFeedback state={copy} />
    </Dialog>
  );
}
