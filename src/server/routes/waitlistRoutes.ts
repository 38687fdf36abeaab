import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, errorEnvelope, messageEnvelope } from '../../common/api/envelope.js';
import {
  WAITLIST_JOINED,
  WAITLIST_OUTCOME_MESSAGES,
  waitlistFilters,
  waitlistIdParams,
  waitlistJoinRequest,
  waitlistLinkResult,
  waitlistListQuery,
  waitlistPage,
  waitlistPoint,
  waitlistSummaryRow,
  waitlistTokenQuery,
  type WaitlistLinkAction,
  type WaitlistOutcome,
} from '../../common/api/waitlist.js';
import type { WaitlistService } from '../waitlist/waitlistService.js';

const tags = ['waitlist'];
const HOUR_MS = 3600_000;

/**
 * Where a confirm or unsubscribe link's GET lands: the site's page whose button POSTs the action.
 * Mail scanners (Safe Links, Mimecast, proxies) GET every link of a mail before its reader sees
 * it, so a GET that acted would confirm an entry nobody confirmed, or unsubscribe one.
 */
function actionPage(action: WaitlistLinkAction, token: string): string {
  return `/waitlist/${action}?token=${encodeURIComponent(token)}`;
}

/** The answer to a confirm or unsubscribe POST: its outcome, with the message the API has always given. */
function outcomeEnvelope(outcome: WaitlistOutcome) {
  return { success: true as const, message: WAITLIST_OUTCOME_MESSAGES[outcome], data: { outcome } };
}

/** Sends a CSV download as it is produced. */
function sendCsv(reply: FastifyReply, csv: { fileName: string; body: AsyncGenerator<string> }): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${csv.fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(Readable.from(csv.body, { highWaterMark: 1 }));
}

const toActionPage = { 303: z.null().describe('See Other: /waitlist/confirm?token=… or /waitlist/unsubscribe?token=…, the page with the button') };
const linkResult = { 200: envelopeOf(waitlistLinkResult), 400: errorEnvelope };

/**
 * The public waitlist: sign up (rate-limited like submit_lead; needs registerRateLimits on an
 * enclosing context), the e-mailed confirm and unsubscribe links (a GET shows the page, the POST
 * acts), and RFC 8058's one-click unsubscribe POST, whose form-encoded body this plugin alone parses.
 */
export function waitlistPublicRoutes(waitlist: WaitlistService, limits: { leadsPerHour: number }): FastifyPluginAsyncZod {
  return async (app) => {
    // Mail clients post `List-Unsubscribe=One-Click` form-encoded; what it says does not matter.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    app.post(
      '/waitlist',
      {
        config: { rateLimit: { max: limits.leadsPerHour, timeWindow: HOUR_MS } },
        schema: {
          tags,
          summary: 'Ask to be told when service is available at a spot (double opt-in: a confirmation e-mail is sent)',
          body: waitlistJoinRequest,
          response: { 200: envelopeOf(z.null()), 400: errorEnvelope, 429: errorEnvelope },
        },
      },
      async (request) => {
        await waitlist.join(request.body);
        return { success: true as const, message: WAITLIST_JOINED, data: null };
      },
    );

    app.get(
      '/waitlist/confirm',
      {
        schema: {
          tags,
          summary: "The confirmation e-mail's link: redirects to the site's page whose button confirms (a GET changes nothing)",
          querystring: waitlistTokenQuery,
          response: toActionPage,
        },
      },
      async (request, reply) => reply.redirect(actionPage('confirm', request.query.token), 303),
    );

    app.post(
      '/waitlist/confirm',
      {
        schema: {
          tags,
          summary: 'Confirm a waitlist entry: the button of the confirmation page',
          querystring: waitlistTokenQuery,
          response: linkResult,
        },
      },
      async (request) => outcomeEnvelope(await waitlist.confirm(request.query.token)),
    );

    app.get(
      '/waitlist/unsubscribe',
      {
        schema: {
          tags,
          summary: "Every waitlist e-mail's unsubscribe link: redirects to the site's page whose button unsubscribes (a GET changes nothing)",
          querystring: waitlistTokenQuery,
          response: toActionPage,
        },
      },
      async (request, reply) => reply.redirect(actionPage('unsubscribe', request.query.token), 303),
    );

    app.post(
      '/waitlist/unsubscribe',
      {
        schema: {
          tags,
          summary: "Unsubscribe: the unsubscribe page's button, and RFC 8058's one-click POST (body List-Unsubscribe=One-Click, form-encoded)",
          querystring: waitlistTokenQuery,
          response: linkResult,
        },
      },
      async (request) => outcomeEnvelope(await waitlist.unsubscribe(request.query.token)),
    );
  };
}

/** /api/waitlist/* for the admin (admin scope): counts, the entries, CSV, points for the demand map, delete. */
export function waitlistAdminRoutes(waitlist: WaitlistService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/waitlist/summary',
      { schema: { tags, summary: 'Entries per provider and status', response: { 200: envelopeOf(z.array(waitlistSummaryRow)) } } },
      async () => ({ success: true as const, data: await waitlist.summary() }),
    );

    app.get(
      '/waitlist',
      {
        schema: {
          tags,
          summary: 'Entries, newest first, filtered and a page at a time',
          querystring: waitlistListQuery,
          response: { 200: envelopeOf(waitlistPage), 400: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, data: await waitlist.list(request.query) }),
    );

    app.get(
      '/waitlist/export',
      { schema: { tags, summary: 'Every entry matching the filters as CSV', querystring: waitlistFilters, response: { 400: errorEnvelope } } },
      async (request, reply) => sendCsv(reply, waitlist.exportCsv(request.query)),
    );

    app.get(
      '/waitlist/points',
      { schema: { tags, summary: "Confirmed entries' spots (newest 50,000), for the demand map", response: { 200: envelopeOf(z.array(waitlistPoint)) } } },
      async () => ({ success: true as const, data: await waitlist.points() }),
    );

    app.delete(
      '/waitlist/:id',
      { schema: { tags, summary: 'Delete an entry', params: waitlistIdParams, response: { 200: messageEnvelope, 400: errorEnvelope, 404: errorEnvelope } } },
      async (request) => {
        await waitlist.delete(request.params.id);
        return { success: true as const, message: 'Waitlist entry deleted' };
      },
    );
  };
}
