import { ROLE_LABELS, type UserRole } from '../../common/api/users.js';
import { tokenOfLink } from '../outbox/keptCopy.js';
import type { QueuedMail } from '../outbox/mailQueue.js';

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

export interface InvitationMailInput {
  to: string;
  role: UserRole;
  /** Who invited, by username; null when unknown. */
  invitedBy: string | null;
  /** The invitation the link is for: its mail is not sent once it was accepted, revoked or expired. */
  invitationId: number;
  invitationUrl: string;
  expiresAt: string;
}

/**
 * The invitation to join the team: the one-time link where the invitee chooses a username and
 * password. Its token is the mail's secret: the outbox keeps it only until the mail is sent (or
 * given up), then the stored copy's link has it removed, so nobody reading the database can take
 * the invitation.
 */
export function invitationMail(input: InvitationMailInput): QueuedMail {
  const who = input.invitedBy ? `${input.invitedBy} invited you` : 'You are invited';
  const lines = [
    `${who} to the coverage map's admin team as ${ROLE_LABELS[input.role].toLowerCase()}.`,
    'Open the link to choose your username and password. It works once, until ' + `${input.expiresAt.replace('T', ' ').slice(0, 16)} UTC.`,
    'If you did not expect this, ignore this e-mail.',
  ];
  return {
    kind: 'user_invitation',
    to: input.to,
    subject: "You're invited to the coverage map's admin team",
    text: [lines[0], lines[1], input.invitationUrl, lines[2]].join('\n\n'),
    html: [
      `<p>${escapeHtml(lines[0]!)}</p>`,
      `<p>${escapeHtml(lines[1]!)}</p>`,
      `<p><a href="${escapeHtml(input.invitationUrl)}">Accept the invitation</a></p>`,
      `<p>${escapeHtml(lines[2]!)}</p>`,
    ].join('\n'),
    secrets: [tokenOfLink(input.invitationUrl)],
    invitationId: input.invitationId,
  };
}
