import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import type { CreatedInvitation } from '../../../common/api/users.js';
import { CodeBlock } from '../../ui/CodeBlock.js';
import { CopyFeedback } from '../../ui/CopyFeedback.js';
import { useCopyCode } from '../../ui/useCopyCode.js';
import { formatDateTime } from './userText.js';

/** The invitation's one-time link, shown this once (the server keeps only its hash), with a copy button. */
export function InvitationLinkDialog({ created, onClose }: { created: CreatedInvitation; onClose: () => void }) {
  const titleId = useId();
  const copy = useCopyCode();
  const { invitation } = created;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Invitation for {invitation.email}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {created.emailed
            ? `The link was e-mailed to ${invitation.email}. You can also send it yourself:`
            : 'No e-mail server is set up: send this link to the invitee yourself.'}{' '}
          It works once, until {formatDateTime(invitation.expires_at)}.
        </DialogContentText>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Copy it now: it will not be shown again. If it is lost, make a new link from the pending invitations.
        </Alert>
        <CodeBlock
          name="Invitation link"
          code={created.invitation_url}
          copied={copy.copiedName === 'link'}
          onCopy={() => void copy.copy('link', created.invitation_url)}
        />
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
