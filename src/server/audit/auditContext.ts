import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** Who is making a change: the signed-in user and the address the request came from. */
export interface AuditActor {
  userId: number | null;
  /** The username at the time of the change. */
  username: string | null;
  ip: string | null;
}

const actors = new AsyncLocalStorage<AuditActor>();

/**
 * The admin scope's preHandler hook (after the body is read, so the stream's callbacks do not
 * lose the context): the rest of the request, the handler and every service it awaits, runs with
 * the signed-in user as the actor that AuditTrail.record writes. Services never see the request.
 */
export function auditActorHook(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const admin = request.admin;
  actors.run({ userId: admin?.userId ?? null, username: admin?.username ?? null, ip: request.ip }, done);
}

/** Runs `work` as `actor` (a public route's change, such as a sign-in, or a test). */
export function runAsActor<T>(actor: AuditActor, work: () => T): T {
  return actors.run(actor, work);
}

/** The actor of the current request, or the system (a background job) outside one. */
export function currentActor(): AuditActor {
  return actors.getStore() ?? { userId: null, username: null, ip: null };
}
