import { describe, expect, it } from 'vitest';
import type { LeadRequest, SearchLogRequest } from '../../common/api/leads.js';
import { fakeEventSink, fakeSearchCoverage, manualClock, memoryLeads, memorySearchLogs, servedByTowers } from '../testing/fakes.js';
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

const FIBRE = { id: 1, name: 'FibreCo', signup_url: 'https://fibre.example/join', contact_email: 'sales@fibre.example' };
const THANDI = { name: 'Thandi Mokoena', email: 'thandi@example.com', phone: '+27 (82) 555-0101', message: 'Is fibre available?' };

/** A lead service over in-memory leads and search logs, with FibreCo as the one provider. */
function leadsWithEvents() {
  const searchLogs = memorySearchLogs();
  const leads = memoryLeads(searchLogs, new Map([[FIBRE.id, FIBRE.name]]));
  const providers = { find: async (id: number) => (id === FIBRE.id ? FIBRE : undefined) };
  return { ...newLeadService({ searchLogs, leads, providers, events: fakeEventSink() }), leads };
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
    await service.updateLead(id!, { status: 'contacted', notes: 'Called back' });

    expect(events.emitted.map((event) => event.type)).toEqual(['lead.created', 'lead.updated']);
    expect(events.emitted[1]!.data).toMatchObject({
      lead: { id, status: 'contacted', updated_at: '2026-11-22T08:01:00.000Z', created_at: '2026-11-22T08:00:00.000Z' },
    });
    expect(events.emitted[1]!.trx).toBe(leads.update.mock.calls[0]![2]);
  });

  it('emits nothing when the lead to update does not exist', async () => {
    const { service, events } = leadsWithEvents();
    await expect(service.updateLead(42, { status: 'contacted' })).rejects.toThrow('Lead not found');
    expect(events.emitted).toEqual([]);
  });
});
