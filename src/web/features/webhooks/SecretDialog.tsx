import { ShownOnceDialog } from '../../ui/ShownOnceDialog.js';

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
  return (
    <ShownOnceDialog
      title={reason === 'added' ? 'Endpoint added: its signing secret' : 'New signing secret'}
      intro={
        reason === 'added'
          ? `Deliveries to ${url} are signed with this secret. Give it to the receiver so it can verify the webhook-signature header.`
          : `Deliveries to ${url} are signed with this secret from now on; the old one no longer verifies. Give it to the receiver.`
      }
      warning={SECRET_NOT_SHOWN_AGAIN}
      name="Signing secret"
      value={secret}
      onClose={onClose}
    />
  );
}
