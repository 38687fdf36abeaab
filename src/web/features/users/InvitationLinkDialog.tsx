import type { CreatedInvitation } from '../../../common/api/users.js';
import { formatDateTime } from '../../ui/reportPeriod.js';
import { ShownOnceDialog } from '../../ui/ShownOnceDialog.js';

/** The invitation's one-time link, shown this once (the server keeps only its hash), with a copy button. */
export function InvitationLinkDialog({ created, onClose }: { created: CreatedInvitation; onClose: () => void }) {
  const { invitation } = created;
  return (
    <ShownOnceDialog
      title={`Invitation for ${invitation.email}`}
      intro={
        <>
          {created.emailed
            ? `The link was e-mailed to ${invitation.email}. You can also send it yourself:`
            : 'No e-mail server is set up: send this link to the invitee yourself.'}{' '}
          It works once, until {formatDateTime(invitation.expires_at)}.
        </>
      }
      warning="Copy it now: it will not be shown again. If it is lost, make a new link from the pending invitations."
      name="Invitation link"
      value={created.invitation_url}
      onClose={onClose}
    />
  );
}
