import type { FastifyBaseLogger } from 'fastify';
import { GENERAL_INQUIRY, type LeadRequest, type LeadType, type SearchAction, type SearchLogRequest } from '../../common/api/leads.js';
import { inProviderScope, type ProviderScope } from '../access/providerScope.js';
import type { Clock } from '../clock.js';
import type { AuditRecorder } from '../audit/auditTrail.js';
import type { Executor, Transactions } from '../db/transactions.js';
import type { LeadUpdate } from '../../common/api/reports.js';
import { NotFoundError, ValidationError } from '../errors.js';
import type { EventSink } from '../outbox/eventSink.js';
import type { MailQueue } from '../outbox/mailQueue.js';
import { leadConfirmationMail } from './leadConfirmation.js';
import { leadEventOf } from './leadEvent.js';
import { leadNoticeMail } from './leadNotice.js';
import type { LeadRepository, LeadView } from './leadRepository.js';
import type { FoundProvider, NewSearchLog, SearchFound, SearchLogRepository } from './searchLogRepository.js';

/**
 * The providers and towers the server's own coverage finds at a point, so that a search log counts
 * what is there, not what a browser claims. Answered by the coverage engine.
 */
/** What a search without a point found. */
const NOTHING_FOUND: SearchFound = { providers: [], wireless: false, towers: [] };

export interface SearchCoverage {
  /** `claimed`: the ids the browser found; kept only for providers whose own API the engine asks (it cannot look those up). */
  providersAt(point: { lat: number; lng: number }, claimed: readonly number[]): FoundProvider[];
  /** Whether a tower reaches the point, and the towers that serve it (none when the wireless check fails or takes too long). */
  wirelessAt(point: { lat: number; lng: number }): Promise<Pick<SearchFound, 'wireless' | 'towers'>>;
}

/** What a lead needs to know of its provider. */
export interface LeadProvider {
  id: number;
  name: string;
  signup_url: string | null;
  contact_email: string | null;
  /** What the visitor's confirmation says happens next; null: the default text. */
  next_steps: string | null;
}

/** Looks providers up for leads; the providers domain answers it. */
export interface LeadProviders {
  find(id: number): Promise<LeadProvider | undefined>;
}

/** What a lead of each type says about the search it came from. */
const ACTION_OF: Record<LeadType, SearchAction> = { sign_up: 'sign_up', contact_request: 'contact_me' };

/** How long after a lead's creation the same person asking the same provider counts on that lead: 24 h, in ms. */
export const REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;

export const SIGN_UP_UNAVAILABLE = 'This provider does not take sign-ups online. Please send a contact request instead.';

export interface LeadServiceDeps {
  transactions: Transactions;
  searchLogs: SearchLogRepository;
  leads: LeadRepository;
  providers: LeadProviders;
  coverage: SearchCoverage;
  /** Where lead.created and lead.updated are written, in the lead's transaction. */
  events: EventSink;
  /** Where the lead notice and the visitor's confirmation are queued, in the lead's transaction. */
  mail: MailQueue;
  /** Where leads go whose provider has no contact_email (general inquiries too): LEADS_EMAIL; null: nowhere. */
  leadsEmail: string | null;
  clock: Clock;
  log: FastifyBaseLogger;
  audit: AuditRecorder;
}

/** Rules for search logs and leads: provider checks, the honeypot, search linking, notification. */
export class LeadService {
  private readonly transactions: Transactions;
  private readonly audit: AuditRecorder;
  private readonly searchLogs: SearchLogRepository;
  private readonly leads: LeadRepository;
  private readonly providers: LeadProviders;
  private readonly coverage: SearchCoverage;
  private readonly events: EventSink;
  private readonly mail: MailQueue;
  private readonly leadsEmail: string | null;
  private readonly clock: Clock;
  private readonly log: FastifyBaseLogger;

  constructor(deps: LeadServiceDeps) {
    this.transactions = deps.transactions;
    this.searchLogs = deps.searchLogs;
    this.leads = deps.leads;
    this.providers = deps.providers;
    this.coverage = deps.coverage;
    this.events = deps.events;
    this.mail = deps.mail;
    this.leadsEmail = deps.leadsEmail;
    this.clock = deps.clock;
    this.log = deps.log;
    this.audit = deps.audit;
  }

  /**
   * Stores a search with the providers the server's coverage finds at its point. A log with an
   * action at the point of the session's latest search is what the visitor did next on the same
   * visit (contact_me after a lead): a follow-up of that search, which takes the
   * action when it had none, and not a search of its own.
   */
  async logSearch(input: SearchLogRequest): Promise<{ id: number }> {
    const log = {
      session_id: input.session_id,
      search_type: input.search_type,
      lat: input.lat ?? null,
      lng: input.lng ?? null,
      address: input.address || null,
      action_taken: input.action_taken,
      created_at: this.clock.now().toISOString(),
    };
    const point = log.lat !== null && log.lng !== null ? { lat: log.lat, lng: log.lng } : null;
    const foundAt = async (): Promise<SearchFound> =>
      point ? { providers: this.coverage.providersAt(point, input.coverage_providers), ...(await this.coverage.wirelessAt(point)) } : NOTHING_FOUND;
    // A follow-up keeps what its search found, so the coverage (whose wireless part can take up to
    // 4 s) is asked only for a log that is a search of its own: at once for one without an action,
    // else once the transaction has found no search for it to follow (then it runs again).
    const known = log.action_taken === 'no_action' ? await foundAt() : null;
    const id = (await this.storeSearch(log, known)) ?? (await this.storeSearch(log, await foundAt()));
    return { id };
  }

  /**
   * Stores a log in one transaction: a follow-up of the session's search at the point (which keeps
   * what the search found), or a search of its own with `found`. Null, storing nothing, when it is
   * a search of its own and `found` is not known yet.
   */
  private storeSearch(log: NewSearchLog, found: SearchFound): Promise<number>;
  private storeSearch(log: NewSearchLog, found: SearchFound | null): Promise<number | null>;
  private storeSearch(log: NewSearchLog, found: SearchFound | null): Promise<number | null> {
    return this.transactions.run(async (trx) => {
      const followed = log.action_taken === 'no_action' ? undefined : await this.searchLogs.followedSearch(log.session_id, log, trx);
      if (!followed) return found ? this.searchLogs.insert(log, found, null, trx) : null;
      if (followed.action_taken === 'no_action') await this.searchLogs.recordAction(followed.id, log.action_taken, trx);
      return this.searchLogs.insert(log, await this.searchLogs.foundBy(followed, trx), followed.id, trx);
    });
  }

  /**
   * Stores a lead, or counts it on the lead it repeats: the same e-mail (any case) or phone (its
   * digits) asking the same provider within REPEAT_WINDOW_MS of that lead's creation. In the lead's
   * transaction: its event (lead.created, or lead.updated for a repeat) and its e-mails (the
   * notice to the provider, and for a new lead with an address the visitor's confirmation). A
   * honeypot hit answers like success with id null.
   */
  async submitLead(input: LeadRequest): Promise<{ id: number | null }> {
    if (input.website?.trim()) {
      // Bots fill every field; telling them they were caught only teaches them to avoid it.
      this.log.info('lead dropped: honeypot field filled');
      return { id: null };
    }
    const provider = await this.providerOf(input.provider_id);
    if (input.lead_type === 'sign_up' && !provider?.signup_url) throw new ValidationError(SIGN_UP_UNAVAILABLE);

    const now = this.clock.now();
    const at = now.toISOString();
    const asked = {
      provider_id: provider?.id ?? null,
      name: input.name,
      email: input.email ?? null,
      phone: input.phone ?? null,
      message: input.message ?? null,
      lead_type: input.lead_type,
    };
    const searchId = input.search_id ?? null;
    const id = await this.transactions.run(async (trx) => {
      // A search id that does not exist (never did, or was deleted) is dropped rather than failing the
      // lead; checking and linking in one transaction leaves no gap for the row to vanish between them.
      const search = searchId === null ? undefined : await this.searchLogs.recordAction(searchId, ACTION_OF[input.lead_type], trx);
      const repeated = await this.leads.recordRepeat(
        {
          provider_id: asked.provider_id,
          email: asked.email?.toLowerCase() ?? null,
          phone_digits: asked.phone?.replace(/\D/g, '') ?? null,
          created_after: new Date(now.getTime() - REPEAT_WINDOW_MS).toISOString(),
        },
        { lead_type: asked.lead_type, message: asked.message, search_id: search?.id ?? null, email: asked.email, phone: asked.phone, at },
        trx,
      );
      const leadId = repeated?.id ?? (await this.leads.insert({ ...asked, search_id: search?.id ?? null, status: 'new', created_at: at, updated_at: at }, trx));
      const lead = await this.emit(repeated ? 'lead.updated' : 'lead.created', leadId, trx);
      await this.queueMail(lead, provider, trx);
      return leadId;
    });
    return { id };
  }

  /**
   * The notice to whoever answers the lead (the provider's contact address, else LEADS_EMAIL) and,
   * on its first request, the visitor's confirmation. A repeat tells the provider the visitor asked
   * again, and sends the visitor nothing more: one confirmation per lead is enough, and a second
   * would only teach a visitor that asking again is how to be heard.
   */
  private async queueMail(lead: LeadView, provider: LeadProvider | null, trx: Executor): Promise<void> {
    const to = provider?.contact_email ?? this.leadsEmail;
    if (to) {
      const notice = {
        id: lead.id,
        leadType: lead.lead_type,
        name: lead.name,
        email: lead.email,
        phone: lead.phone,
        message: lead.message,
        provider: provider ? { id: provider.id, name: provider.name } : null,
        search: lead.search,
        createdAt: lead.created_at,
        requestCount: lead.request_count,
        requestedAt: lead.last_requested_at ?? lead.created_at,
      };
      await this.mail.enqueue(leadNoticeMail(notice, to), trx);
    } else {
      this.log.info({ leadId: lead.id }, 'lead not e-mailed: no provider contact_email and no LEADS_EMAIL');
    }
    if (lead.request_count > 1 || !lead.email) return;
    const confirmation = {
      leadType: lead.lead_type,
      name: lead.name,
      provider: provider ? { name: provider.name, nextSteps: provider.next_steps } : null,
      search: lead.search,
    };
    await this.mail.enqueue(leadConfirmationMail(confirmation, lead.email, to), trx);
  }

  /** An admin's work on a lead: its status and notes (the leads inbox). */
  /** An admin's status and notes; NotFoundError for a lead outside the scope (a provider editor's providers), which stays as it was. */
  async updateLead(id: number, changes: LeadUpdate, scope: ProviderScope): Promise<void> {
    await this.transactions.run(async (trx) => {
      const before = await this.leads.view(id, trx);
      if (scope !== null && !inProviderScope(scope, before?.provider_id ?? null)) throw new NotFoundError('Lead not found');
      await this.updateLeadIn(id, changes, trx);
      const after = await this.leads.view(id, trx);
      // What the admin works on, never the visitor's contact details.
      await this.audit.record(trx, { entity: 'lead', entityId: id, action: 'update', before: before && leadWork(before), after: after && leadWork(after) });
    });
  }

  /** updateLead inside a transaction another service opened (a lead's install: its measurement and its status together). */
  async updateLeadIn(id: number, changes: LeadUpdate, trx: Executor): Promise<void> {
    const updated = await this.leads.update(id, { ...changes, updated_at: this.clock.now().toISOString() }, trx);
    if (!updated) throw new NotFoundError('Lead not found');
    await this.emit('lead.updated', id, trx);
  }

  /** Writes the lead's event as the lead now stands in `trx`; that lead. */
  private async emit(type: 'lead.created' | 'lead.updated', id: number, trx: Executor): Promise<LeadView> {
    const lead = await this.leads.view(id, trx);
    if (!lead) throw new Error(`lead ${id} vanished inside its own transaction`);
    await this.events.emit(type, { lead: leadEventOf(lead) }, trx);
    return lead;
  }

  /** The lead's provider; null for the General Inquiry pseudo-provider. */
  private async providerOf(id: number): Promise<LeadProvider | null> {
    if (id === GENERAL_INQUIRY.id) return null;
    const row = await this.providers.find(id);
    if (!row) throw new ValidationError('Provider not found');
    return row;
  }
}

/** The part of a lead an admin changes (status and notes): what its audit entries keep. */
export function leadWork(lead: Pick<LeadView, 'status' | 'notes'>): { status: string; notes: string | null } {
  return { status: lead.status, notes: lead.notes };
}
