import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, errorEnvelope, messageEnvelope } from '../../common/api/envelope.js';
import {
  acceptedInvitation,
  acceptInvitationRequest,
  createdInvitation,
  createInvitationRequest,
  invitationIdParams,
  invitationSummary,
  updateUserRequest,
  userIdParams,
  userSummary,
} from '../../common/api/users.js';
import { adminOf } from '../auth/requireAdmin.js';
import type { InvitationService } from '../users/invitationService.js';
import type { UserService } from '../users/userService.js';

const tags = ['users'];
/** Accept attempts allowed per address in ACCEPT_WINDOW_MS: a person mistyping is well under it; token guessing is not. */
const ACCEPT_LIMIT = 10;
const ACCEPT_WINDOW_MS = 15 * 60_000;

/** The team (owner only, by routeAccess): users, their roles and providers, and invitations. */
export function userRoutes(deps: { users: UserService; invitations: InvitationService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users',
      { schema: { tags, summary: 'The team: every user with role, providers and when last seen', response: { 200: envelopeOf(z.array(userSummary)) } } },
      async () => ({
        success: true as const,
        data: await deps.users.list(),
      }),
    );

    app.put(
      '/users/:id',
      {
        schema: {
          tags,
          summary: "Change a user's role, providers or disabled state; ends their sessions when their access changes",
          params: userIdParams,
          body: updateUserRequest,
          response: { 200: envelopeOf(userSummary), 400: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, message: 'User updated', data: await deps.users.update(request.params.id, request.body) }),
    );

    app.delete(
      '/users/:id',
      {
        schema: {
          tags,
          summary: 'Remove a user (never the last owner)',
          params: userIdParams,
          response: { 200: messageEnvelope, 404: errorEnvelope, 409: errorEnvelope },
        },
      },
      async (request) => {
        await deps.users.remove(request.params.id);
        return { success: true as const, message: 'User removed' };
      },
    );

    app.get(
      '/users/invitations',
      { schema: { tags, summary: 'Invitations not yet accepted, revoked or expired', response: { 200: envelopeOf(z.array(invitationSummary)) } } },
      async () => ({ success: true as const, data: await deps.invitations.listPending() }),
    );

    app.post(
      '/users/invitations',
      {
        schema: {
          tags,
          summary: 'Invite someone: answers the one-time link (valid 72 h), also e-mailed when SMTP is set',
          body: createInvitationRequest,
          response: { 200: envelopeOf(createdInvitation), 400: errorEnvelope, 409: errorEnvelope },
        },
      },
      async (request) => {
        const { userId, username } = adminOf(request);
        // Without PUBLIC_URL the link uses the address the owner's browser reached (behind a proxy: TRUST_PROXY's forwarded host).
        const created = await deps.invitations.invite(request.body, { userId, username }, `${request.protocol}://${request.host}`);
        return { success: true as const, message: created.emailed ? 'Invitation e-mailed' : 'Invitation created', data: created };
      },
    );

    app.delete(
      '/users/invitations/:id',
      {
        schema: {
          tags,
          summary: 'Revoke an invitation: its link stops working',
          params: invitationIdParams,
          response: { 200: messageEnvelope, 404: errorEnvelope },
        },
      },
      async (request) => {
        await deps.invitations.revoke(request.params.id);
        return { success: true as const, message: 'Invitation revoked' };
      },
    );
  };
}

/** POST /api/invitations/accept: public (the invitee has no account yet), rate-limited per address. */
export function invitationAcceptRoutes(invitations: InvitationService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/invitations/accept',
      {
        config: { rateLimit: { max: ACCEPT_LIMIT, timeWindow: ACCEPT_WINDOW_MS } },
        schema: {
          tags,
          summary: "Accept an invitation: creates the account with the invitation's role; then sign in with it",
          body: acceptInvitationRequest,
          response: { 200: envelopeOf(acceptedInvitation), 400: errorEnvelope, 409: errorEnvelope, 429: errorEnvelope },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Your account is ready. Please sign in.',
        data: await invitations.accept(request.body, request.ip),
      }),
    );
  };
}
