import { describe, expect, it } from 'vitest';
import type { LeadRequest, SearchLogRequest } from '../../common/api/leads.js';
import { fakeEventSink, fakeMailQueue, fakeSearchCoverage, manualClock, memoryLeads, memorySearchLogs, servedByTowers } from '../testing/fakes.js';
import { newLeadService } from '../testing/services.js';

const SESSION = 'session-0001';
const GARDENS = { lat: -33.93, lng: 18.41, address: '12 Kloof Street, Gardens' };
const FIBRE_LIVE = { provider_id: 1, service_status: 'live' };
const AIR_PLANNED = { provider_id: 2, service_status: 'planned' };

function search(fields: Partial<SearchLogRequest> = {}): SearchLogRequest {
  return { session_id: SESSION, search_type: 'address', ...GARDENS, coverage_providers: [], action_taken: 'no_action', ...fields };
}

describe('LeadService.logSearch follow-ups', () => {
  it("stores a search with the providers the server's coverage finds at the clock's time", async () => {
    const coverage = fakeSearchCoverage([FIBRE_LIVE]);
    const { service, searchLogs } = newLeadService({ coverage, clock: manualClock('2026-11-22T09:15:00.000Z') });
    expect(await service.logSearch(search({ coverage_providers: [7] }))).toEqual({ id: 1 });
    expect(coverage.providersAt).toHaveBeenCalledWith({ lat: GARDENS.lat, lng: GARDENS.lng }, [7]);
    expect(searchLogs.rows).toEqual([
      {
        id: 1,
        session_id: SESSION,
        search_type: 'address',
        ...GARDENS,
        action_taken: 'no_action',
        provider_count: 1,
        wireless_available: 0,
        follow_up_of: null,
        created_at: '2026-11-22T09:15:00.000Z',
      },
    ]);
  });

  it('stores a search where only a tower reaches as wireless, with the towers that serve it, and its follow-up keeps that', async () => {
    const coverage = fakeSearchCoverage([], [4, 9]);
    const { service, searchLogs } = newLeadService({ coverage });
    await service.logSearch(search());
    expect(coverage.wirelessAt).toHaveBeenCalledWith({ lat: GARDENS.lat, lng: GARDENS.lng });
    // The towers changed meanwhile: the follow-up still says what the search found.
    coverage.wirelessAt.mockResolvedValue(servedByTowers());
    await service.logSearch(search({ action_taken: 'contact_me' }));
    expect(
      searchLogs.rows.map(({ id, provider_count, wireless_available, follow_up_of }) => ({ id, provider_count, wireless_available, follow_up_of })),
    ).toEqual([
      { id: 1, provider_count: 0, wireless_available: 1, follow_up_of: null },
      { id: 2, provider_count: 0, wireless_available: 1, follow_up_of: 1 },
    ]);
    expect(searchLogs.towers.get(1)).toEqual([4, 9]);
    expect(searchLogs.towers.get(2)).toEqual([4, 9]);
  });

  it('asks no coverage for a search without a point', async () => {
    const coverage = fakeSearchCoverage([FIBRE_LIVE]);
    const { service, searchLogs } = newLeadService({ coverage });
    await service.logSearch(search({ lat: null, lng: null }));
    expect(coverage.providersAt).not.toHaveBeenCalled();
    expect(searchLogs.rows[0]).toMatchObject({ lat: null, lng: null, provider_count: 0 });
  });

  it('makes an action at the point of the latest search a follow-up that gives the search its action and keeps its providers', async () => {
    const coverage = fakeSearchCoverage([FIBRE_LIVE]);
    const { service, searchLogs } = newLeadService({ coverage });
    await service.logSearch(search());
    // The coverage changed meanwhile: the follow-up still names what the search found.
    coverage.providersAt.mockReturnValue([AIR_PLANNED]);
    expect(await service.logSearch(search({ action_taken: 'contact_me' }))).toEqual({ id: 2 });
    expect(searchLogs.rows.map(({ id, action_taken, follow_up_of }) => ({ id, action_taken, follow_up_of }))).toEqual([
      { id: 1, action_taken: 'contact_me', follow_up_of: null },
      { id: 2, action_taken: 'contact_me', follow_up_of: 1 },
    ]);
    expect(searchLogs.providers.get(2)).toEqual([FIBRE_LIVE]);
  });

  it('leaves the action a search already has (a lead gave it) and links the follow-up to the search, not to the follow-up before it', async () => {
    const { service, searchLogs } = newLeadService();
    await service.logSearch(search({ action_taken: 'sign_up' }));
    await service.logSearch(search({ action_taken: 'contact_me' }));
    await service.logSearch(search({ action_taken: 'contact_me' }));
    expect(searchLogs.recordAction).not.toHaveBeenCalled();
    expect(searchLogs.rows.map(({ action_taken, follow_up_of }) => ({ action_taken, follow_up_of }))).toEqual([
      { action_taken: 'sign_up', follow_up_of: null },
      { action_taken: 'contact_me', follow_up_of: 1 },
      { action_taken: 'contact_me', follow_up_of: 1 },
    ]);
  });

  it('asks the coverage nothing for a follow-up (its wireless part can take seconds), and asks it for an action with no search to follow', async () => {
    const coverage = fakeSearchCoverage([FIBRE_LIVE], [4]);
    const { service, searchLogs } = newLeadService({ coverage });
    await service.logSearch(search());
    expect(coverage.wirelessAt).toHaveBeenCalledTimes(1);
    await service.logSearch(search({ action_taken: 'contact_me' }));
    expect(coverage.wirelessAt).toHaveBeenCalledTimes(1);
    expect(coverage.providersAt).toHaveBeenCalledTimes(1);

    await service.logSearch(search({ session_id: 'session-0002', action_taken: 'sign_up' }));
    expect(coverage.wirelessAt).toHaveBeenCalledTimes(2);
    expect(
      searchLogs.rows.map(({ session_id, follow_up_of, provider_count, wireless_available }) => ({
        session_id,
        follow_up_of,
        provider_count,
        wireless_available,
      })),
    ).toEqual([
      { session_id: SESSION, follow_up_of: null, provider_count: 1, wireless_available: 1 },
      { session_id: SESSION, follow_up_of: 1, provider_count: 1, wireless_available: 1 },
      { session_id: 'session-0002', follow_up_of: null, provider_count: 1, wireless_available: 1 },
    ]);
  });

  it('stores every log without an action as a search of its own, without looking for a search to follow', async () => {
    const { service, searchLogs } = newLeadService();
    await service.logSearch(search());
    await service.logSearch(search());
    expect(searchLogs.rows.map((row) => row.follow_up_of)).toEqual([null, null]);
    expect(searchLogs.followedSearch).not.toHaveBeenCalled();
  });
});

const FIBRE: { id: number; name: string; signup_url: string; contact_email: string | null; next_steps: string | null } = {
  id: 1,
  name: 'FibreCo',
  signup_url: 'https://fibre.example/join',
  contact_email: 'sales@fibre.example',
  next_steps: null,
};
const HOUR = 60 * 60 * 1000;
const THANDI = { name: 'Thandi Mokoena', email: 'thandi@example.com', phone: '+27 (82) 555-0101', message: 'Is fibre available?' };

/** A lead service over in-memory leads and search logs, with FibreCo as the one provider. */
function leadsWithEvents(fibre: typeof FIBRE = FIBRE, leadsEmail: string | null = 'leads@isp.example') {
  const searchLogs = memorySearchLogs();
  const leads = memoryLeads(searchLogs, new Map([[fibre.id, fibre.name]]));
  const providers = { find: async (id: number) => (id === fibre.id ? fibre : undefined) };
  return { ...newLeadService({ searchLogs, leads, providers, events: fakeEventSink(), mail: fakeMailQueue(), leadsEmail }), leads };
}

function lead(fields: Partial<LeadRequest> = {}): LeadRequest {
  return { provider_id: FIBRE.id, lead_type: 'contact_request', ...THANDI, ...fields };
}

describe('LeadService lead events', () => {
  it('emits lead.created with the lead, its provider and its search, in the transaction that stores it', async () => {
    const { service, events, leads } = leadsWithEvents();
    const { id: searchId } = await service.logSearch(search());
    const { id } = await service.submitLead(lead({ search_id: searchId, lead_type: 'sign_up' }));

    expect(events.emitted.map(({ type, data }) => ({ type, data }))).toEqual([
      {
        type: 'lead.created',
        data: {
          lead: {
            id,
            provider_id: FIBRE.id,
            provider_name: 'FibreCo',
            lead_type: 'sign_up',
            ...THANDI,
            status: 'new',
            request_count: 1,
            search: { address: GARDENS.address, lat: GARDENS.lat, lng: GARDENS.lng },
            created_at: '2026-11-22T08:00:00.000Z',
            updated_at: '2026-11-22T08:00:00.000Z',
          },
        },
      },
    ]);
    expect(events.emitted[0]!.trx).toBe(leads.insert.mock.calls[0]![1]);
  });

  it('emits lead.created for a general inquiry without a provider or search', async () => {
    const { service, events } = leadsWithEvents();
    await service.submitLead(lead({ provider_id: 0, email: undefined, message: undefined }));
    expect(events.emitted[0]!.data).toMatchObject({ lead: { provider_id: null, provider_name: null, email: null, message: null, search: null } });
  });

  it('emits nothing for a honeypot lead or a refused one', async () => {
    const { service, events } = leadsWithEvents();
    await service.submitLead(lead({ website: 'http://spam.example' }));
    await expect(service.submitLead(lead({ provider_id: 99 }))).rejects.toThrow('Provider not found');
    expect(events.emitted).toEqual([]);
  });

  it("emits lead.updated with an admin's status and notes in the transaction of the change", async () => {
    const { service, events, leads, clock } = leadsWithEvents();
    const { id } = await service.submitLead(lead());
    clock.advance(60_000);
    await service.updateLead(id!, { status: 'contacted', notes: 'Called back' }, null);

    expect(events.emitted.map((event) => event.type)).toEqual(['lead.created', 'lead.updated']);
    expect(events.emitted[1]!.data).toMatchObject({
      lead: { id, status: 'contacted', updated_at: '2026-11-22T08:01:00.000Z', created_at: '2026-11-22T08:00:00.000Z' },
    });
    expect(events.emitted[1]!.trx).toBe(leads.update.mock.calls[0]![2]);
  });

  it('emits nothing when the lead to update does not exist', async () => {
    const { service, events } = leadsWithEvents();
    await expect(service.updateLead(42, { status: 'contacted' }, null)).rejects.toThrow('Lead not found');
    expect(events.emitted).toEqual([]);
  });
});

describe('LeadService repeated requests', () => {
  it('counts the same e-mail in another case asking the same provider within 24 h on the first lead, with the latest message and search', async () => {
    const { service, leads, events, clock } = leadsWithEvents();
    const { id } = await service.submitLead(lead());
    clock.advance(23 * HOUR);
    const { id: searchId } = await service.logSearch(search());
    const again = await service.submitLead(lead({ email: 'THANDI@Example.com', phone: undefined, message: 'Still interested', search_id: searchId }));

    expect(again).toEqual({ id });
    expect(leads.rows).toHaveLength(1);
    expect(leads.rows[0]).toMatchObject({
      email: THANDI.email,
      request_count: 2,
      message: 'Still interested',
      search_id: searchId,
      created_at: '2026-11-22T08:00:00.000Z',
      last_requested_at: '2026-11-23T07:00:00.000Z',
      updated_at: '2026-11-23T07:00:00.000Z',
    });
    expect(events.emitted.map((event) => event.type)).toEqual(['lead.created', 'lead.updated']);
    expect(events.emitted[1]!.data).toMatchObject({ lead: { id, request_count: 2, message: 'Still interested', search: { address: GARDENS.address } } });
    expect(events.emitted[1]!.trx).toBe(leads.recordRepeat.mock.calls[1]![2]);
  });

  it('counts the same phone digits in another format, keeps the message when none is given, and fills in a newly given e-mail', async () => {
    const { service, leads } = leadsWithEvents();
    await service.submitLead(lead({ email: undefined }));
    await service.submitLead(lead({ phone: '27825550101', message: undefined }));
    expect(leads.rows).toHaveLength(1);
    expect(leads.rows[0]).toMatchObject({ request_count: 2, message: THANDI.message, phone: THANDI.phone, email: THANDI.email });
  });

  it('passes the repository the asker as it compares them: lower-case e-mail, phone digits, and the start of the 24 h window', async () => {
    const { service, leads } = leadsWithEvents();
    await service.submitLead(lead({ provider_id: 0, email: 'Thandi@Example.COM' }));
    expect(leads.recordRepeat.mock.calls[0]![0]).toEqual({
      provider_id: null,
      email: 'thandi@example.com',
      phone_digits: '27825550101',
      created_after: '2026-11-21T08:00:00.000Z',
    });
  });

  it('stores a new lead after 24 h, for another provider, and for another person', async () => {
    const { service, leads, events, clock } = leadsWithEvents();
    await service.submitLead(lead());
    clock.advance(24 * HOUR);
    await service.submitLead(lead());
    await service.submitLead(lead({ provider_id: 0 }));
    await service.submitLead(lead({ email: 'sipho@example.com', phone: '021 555 0199' }));
    expect(leads.rows.map((row) => row.request_count)).toEqual([1, 1, 1, 1]);
    expect(events.emitted.map((event) => event.type)).toEqual(['lead.created', 'lead.created', 'lead.created', 'lead.created']);
  });

  it('makes a lead a sign-up when the repeat is one, and never the other way', async () => {
    const { service, leads } = leadsWithEvents();
    await service.submitLead(lead());
    await service.submitLead(lead({ lead_type: 'sign_up' }));
    await service.submitLead(lead());
    expect(leads.rows).toMatchObject([{ lead_type: 'sign_up', request_count: 3 }]);
  });

  it('never counts a lead with neither e-mail nor phone as a repeat', async () => {
    const { service, leads } = leadsWithEvents();
    await service.submitLead(lead({ email: undefined, phone: undefined }));
    await service.submitLead(lead({ email: undefined, phone: undefined }));
    expect(leads.rows).toHaveLength(2);
  });
});

describe('LeadService mail', () => {
  it("queues the provider's notice and the visitor's confirmation in the lead's transaction", async () => {
    const { service, mail, leads } = leadsWithEvents();
    await service.submitLead(lead());
    expect(mail.queued.map(({ kind, to, replyTo, subject }) => ({ kind, to, replyTo, subject }))).toEqual([
      { kind: 'lead_notice', to: 'sales@fibre.example', replyTo: THANDI.email, subject: 'New contact request from Thandi Mokoena (FibreCo)' },
      { kind: 'lead_confirmation', to: THANDI.email, replyTo: 'sales@fibre.example', subject: 'Your contact request to FibreCo' },
    ]);
    const trx = leads.insert.mock.calls[0]![1];
    expect(mail.queued.every((queued) => queued.trx === trx)).toBe(true);
  });

  it("says the provider's next steps in the confirmation", async () => {
    const { service, mail } = leadsWithEvents({ ...FIBRE, next_steps: 'A technician calls you tomorrow.' });
    await service.submitLead(lead());
    expect(mail.queued[1]!.text).toContain('What happens next:\nA technician calls you tomorrow.');
  });

  it('sends the notice to LEADS_EMAIL when the provider has no address, and nothing to a visitor without an e-mail', async () => {
    const { service, mail } = leadsWithEvents({ ...FIBRE, contact_email: null });
    await service.submitLead(lead({ email: undefined }));
    expect(mail.queued.map(({ kind, to }) => ({ kind, to }))).toEqual([{ kind: 'lead_notice', to: 'leads@isp.example' }]);
  });

  it('still confirms to the visitor when no one is there to notify, and logs that the lead was not e-mailed', async () => {
    const { service, mail, log } = leadsWithEvents({ ...FIBRE, contact_email: null }, null);
    await service.submitLead(lead());
    expect(mail.queued.map(({ kind, replyTo }) => ({ kind, replyTo }))).toEqual([{ kind: 'lead_confirmation', replyTo: null }]);
    expect(log.info).toHaveBeenCalledWith({ leadId: 1 }, 'lead not e-mailed: no provider contact_email and no LEADS_EMAIL');
  });

  it('tells the provider a visitor asked again and sends the visitor no second confirmation', async () => {
    const { service, mail } = leadsWithEvents();
    await service.submitLead(lead());
    await service.submitLead(lead({ message: 'Any news?' }));
    expect(mail.queued.map(({ kind, subject }) => ({ kind, subject }))).toEqual([
      { kind: 'lead_notice', subject: 'New contact request from Thandi Mokoena (FibreCo)' },
      { kind: 'lead_confirmation', subject: 'Your contact request to FibreCo' },
      { kind: 'lead_notice', subject: 'Asked again: contact request from Thandi Mokoena (FibreCo)' },
    ]);
    expect(mail.queued[2]!.text).toContain('Latest message:\nAny news?');
  });

  it('queues nothing for a honeypot lead', async () => {
    const { service, mail } = leadsWithEvents();
    await service.submitLead(lead({ website: 'x' }));
    expect(mail.queued).toEqual([]);
  });
});
