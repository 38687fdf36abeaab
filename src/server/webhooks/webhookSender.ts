import { Webhook } from 'standardwebhooks';
import { WEBHOOK_RESPONSE_EXCERPT_CHARS } from '../../common/api/webhooks.js';
import { OutboundError } from '../errors.js';
import type { OutboundClient } from '../outbound/outboundClient.js';
import type { AttemptResult } from './deliverySchedule.js';

/** Each attempt gets this long for connecting, sending and the answer (issue 20 §3), ms. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Bytes of the receiver's answer read: enough for the 500-character excerpt in any UTF-8. */
const RESPONSE_BYTES_READ = WEBHOOK_RESPONSE_EXCERPT_CHARS * 4;

/** One signed POST to a receiver. */
export interface WebhookMessage {
  url: string;
  /** The endpoint's whsec_… secret. */
  secret: string;
  /** webhook-id: the event's message id, the same on every retry. */
  messageId: string;
  /** The JSON body as sent and signed: `{type, timestamp, data}`. */
  body: string;
  /** When it is sent: webhook-timestamp, which the receiver compares with its own clock. */
  sentAt: Date;
}

export interface WebhookSender {
  send(message: WebhookMessage): Promise<AttemptResult>;
}

/** The Standard Webhooks headers of a message (webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>). */
export function signedHeaders(message: Omit<WebhookMessage, 'url'>): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': message.messageId,
    'webhook-timestamp': String(Math.floor(message.sentAt.getTime() / 1000)),
    'webhook-signature': new Webhook(message.secret).sign(message.messageId, message.sentAt, message.body),
  };
}

/**
 * Sends through the outbound client: its SSRF guard checks the addresses connected to at send
 * time (a name may resolve elsewhere than when the URL was saved), 10 s for the whole exchange,
 * no redirects followed (a receiver answers itself; a 3xx counts as a failure), and only the
 * answer's first bytes read.
 */
export function outboundWebhookSender(outbound: OutboundClient): WebhookSender {
  return {
    async send(message) {
      try {
        const response = await outbound.request(message.url, {
          method: 'POST',
          headers: signedHeaders(message),
          body: message.body,
          timeoutMs: WEBHOOK_TIMEOUT_MS,
          maxBytes: RESPONSE_BYTES_READ,
          followRedirects: false,
          truncateBody: true,
        });
        const excerpt = response.body.toString('utf8').slice(0, WEBHOOK_RESPONSE_EXCERPT_CHARS);
        if (response.status >= 200 && response.status < 300) return { ok: true, statusCode: response.status, response: excerpt };
        return { ok: false, statusCode: response.status, response: excerpt, error: `The receiver answered HTTP ${response.status}` };
      } catch (error) {
        if (error instanceof OutboundError) return { ok: false, statusCode: null, response: null, error: error.message };
        throw error;
      }
    },
  };
}
