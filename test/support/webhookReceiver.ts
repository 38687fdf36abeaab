import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One POST the receiver got, and whether its signature verified with the receiver's secret. */
export interface ReceivedWebhook {
  /** webhook-id */
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
  /** The raw body as it arrived. */
  body: string;
  /** Webhook.verify passed with `secret` (its timestamp within five minutes of now included). */
  verified: boolean;
  /** Why verification failed. */
  error: string | null;
  /** The status the receiver answered. */
  answered: number;
}

export interface WebhookReceiver {
  url: string;
  /** In order of arrival. */
  received: ReceivedWebhook[];
  /** The whsec_… secret every request is verified with (set it once the endpoint is created). */
  secret: string | null;
  /** The status to answer the n-th request (0 for the first); default 200. */
  answer: (n: number) => number;
  /** Only the received webhooks that verified. */
  verified(): ReceivedWebhook[];
  close(): Promise<void>;
}

/**
 * A webhook receiver on 127.0.0.1 that verifies each request's Standard Webhooks signature with
 * the `standardwebhooks` package, as an ISP's CRM would, and keeps what arrived.
 */
export async function startWebhookReceiver(options: { delayMs?: number } = {}): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    secret: null,
    answer: () => 200,
    verified: () => receiver.received.filter((r) => r.verified),
    close: async () => undefined,
  };
  let count = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)]));
      let verified = false;
      let error: string | null = null;
      try {
        if (!receiver.secret) throw new Error('no secret set');
        new Webhook(receiver.secret).verify(body, headers);
        verified = true;
      } catch (failure) {
        error = failure instanceof Error ? failure.message : String(failure);
      }
      const payload = JSON.parse(body) as { type: string; timestamp: string; data: Record<string, unknown> };
      const answered = receiver.answer(count++);
      const reply = () => {
        receiver.received.push({ id: headers['webhook-id'] ?? '', ...payload, body, verified, error, answered });
        res.writeHead(answered, { 'content-type': 'text/plain' }).end(answered < 300 ? 'ok' : 'receiver failing');
      };
      if (options.delayMs) setTimeout(reply, options.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver.url = `http://127.0.0.1:${port}/hooks`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
