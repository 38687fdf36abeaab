import type { FastifyReply } from 'fastify';
import { ClientClosedError } from '../errors.js';

/**
 * A signal aborted (with ClientClosedError) when the client closes the connection before its
 * answer has been sent, so that work nobody will read can be dropped or stopped. It follows the
 * response's 'close', not the request's: Node closes a request as soon as its body has been read.
 */
export function clientClosedSignal(reply: FastifyReply): AbortSignal {
  const response = reply.raw;
  const controller = new AbortController();
  // The connection may have closed already, while the request was being authenticated.
  if (response.destroyed || response.socket?.destroyed) {
    controller.abort(new ClientClosedError());
    return controller.signal;
  }
  response.once('close', () => {
    if (!response.writableFinished) controller.abort(new ClientClosedError());
  });
  return controller.signal;
}
