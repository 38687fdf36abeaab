import type { FastifyBaseLogger } from 'fastify';
import { GENERAL_INQUIRY, type LeadRequest, type LeadType, type SearchAction, type SearchLogRequest } from '../../common/api/leads.js';
import type { Clock } from '../clock.js';
import { ValidationError } from '../errors.js';
import type { ProviderRepository, ProviderRow } from '../providers/providerRepository.js';
import type { LeadNotifier } from './leadNotifier.js';
import type { LeadRepository } from './leadRepository.js';

/** What a lead of each type says about the search it came from (SPEC.md section 3, Search log). */
const ACTION_OF: Record<LeadType, SearchAction> = { sign_up: 'sign_up', contact_request: 'contact_me' };

export const SIGN_UP_UNAVAILABLE = 'This provider does not take sign-ups online. Please send a contact request instead.';

/** Rules for search logs and leads: provider checks, the honeypot, search linking, notification. */
export class LeadService {
  constructor(
    private readonly repo: LeadRepository,
    private readonly providers: ProviderRepository,
    /** null when no SMTP_URL is configured: leads are then only stored. */
    private readonly notifier: LeadNotifier | null,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async logSearch(input: SearchLogRequest): Promise<{ id: number }> {
    const id = await this.repo.insertSearchLog({
      session_id: input.session_id,
      search_type: input.search_type,
      lat: input.lat ?? null,
      lng: input.lng ?? null,
      address: input.address || null,
      // JSON.stringify writes "[3,12]" with no spaces, the form provider statistics match on.
      coverage_providers: JSON.stringify(input.coverage_providers),
      action_taken: input.action_taken,
      created_at: this.clock.now().toISOString(),
    });
    return { id };
  }

  /** Stores a lead and e-mails it in the background. A honeypot hit answers like success with id null. */
  async submitLead(input: LeadRequest): Promise<{ id: number | null }> {
    if (input.website?.trim()) {
      // Bots fill every field; telling them they were caught only teaches them to avoid it.
      this.log.info('lead dropped: honeypot field filled');
      return { id: null };
    }
    const provider = await this.providerOf(input.provider_id);
    if (input.lead_type === 'sign_up' && !provider?.signup_url) throw new ValidationError(SIGN_UP_UNAVAILABLE);

    const createdAt = this.clock.now().toISOString();
    const lead = {
      provider_id: provider?.id ?? null,
      name: input.name,
      email: input.email ?? null,
      phone: input.phone ?? null,
      message: input.message ?? null,
      lead_type: input.lead_type,
      created_at: createdAt,
    };
    const searchId = input.search_id ?? null;
    const stored = await this.repo.insertLead(lead, searchId === null ? null : { id: searchId, action: ACTION_OF[input.lead_type] });

    this.notifier?.leadStored(
      {
        id: stored.id,
        leadType: input.lead_type,
        name: lead.name,
        email: lead.email,
        phone: lead.phone,
        message: lead.message,
        provider: provider ? { id: provider.id, name: provider.name } : null,
        search: stored.search ? { address: stored.search.address, lat: stored.search.lat, lng: stored.search.lng } : null,
        createdAt,
      },
      provider?.contact_email ?? null,
    );
    return { id: stored.id };
  }

  /** The lead's provider; null for the General Inquiry pseudo-provider. */
  private async providerOf(id: number): Promise<ProviderRow | null> {
    if (id === GENERAL_INQUIRY.id) return null;
    const row = await this.providers.find(id);
    if (!row) throw new ValidationError('Provider not found');
    return row;
  }
}
