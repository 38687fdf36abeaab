import type { QueuedMail } from '../outbox/mailQueue.js';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** scheme://host[:port] of a stored endpoint URL (an http(s) URL the schema checked). */
function urlOrigin(url: string): string {
  return new URL(url).origin;
}

export interface DisabledEndpoint {
  url: string;
  failingSince: string;
  lastError: string | null;
}

/** The e-mail telling the admin (LEADS_EMAIL) that an endpoint failing for three days was disabled. */
export function webhookDisabledMail(endpoint: DisabledEndpoint, to: string, publicUrl: string): QueuedMail {
  const screen = `${publicUrl}/admin/webhooks`;
  const lines = [
    `The webhook endpoint ${endpoint.url} has failed every delivery since ${endpoint.failingSince}, for three days, so it was disabled.`,
    `Its last error: ${endpoint.lastError ?? 'none recorded'}.`,
    'Events are not sent to it while it is disabled. Fix the receiver, then enable the endpoint again on the Webhooks screen and redeliver what it missed:',
    screen,
  ];
  return {
    kind: 'webhook_disabled',
    to,
    // The origin only: a subject is shown in lists and notifications, and a URL's path or query may hold a token.
    subject: `Webhook endpoint disabled: ${urlOrigin(endpoint.url)}`,
    text: lines.join('\n\n'),
    html: [...lines.slice(0, 3).map((line) => `<p>${escapeHtml(line)}</p>`), `<p><a href="${escapeHtml(screen)}">${escapeHtml(screen)}</a></p>`].join('\n'),
  };
}
