import { describe, expect, it, vi } from 'vitest';
import type { WaitlistJoinRequest } from '../../common/api/waitlist.js';
import type { QueuedMail } from '../outbox/mailQueue.js';
import { fakeLogger, manualClock, recordingAudit } from '../testing/fakes.js';
import type { NewWaitlistEntry, WaitlistRecord } from './waitlistRepository.js';
import { OUTSIDE_ZONE, WAITLIST_RESEND_MS, WaitlistService, ZONE_CLOSED, ZONE_NOT_FOUND } from './waitlistService.js';
import type { WaitlistZones } from './waitlistZones.js';

type Stored = WaitlistRecord & { confirm_token_hash: string; unsubscribe_token_hash: string };

/** The entries table in memory; the admin's views fail loudly if a spec reaches them. */
function memoryEntries() {
  const rows: Stored[] = [];
  const unused = () => {
    throw new Error('not faked: an admin view');
  };
  return {
    rows,
    async findByDedupeKey(key: string) {
      return rows.find((row) => row.dedupe_key === key);
    },
    async insertIfNew(entry: NewWaitlistEntry) {
      if (rows.some((row) => row.dedupe_key === entry.dedupe_key)) return null;
      const { now, ...fields } = entry;
      rows.push({ ...fields, id: rows.length + 1, status: 'pending', created_at: now, confirmed_at: null, unsubscribed_at: null, confirm_sent_at: now });
      return rows.length;
    },
    async renewPending(id: number, fields: { confirm_token_hash?: string; name: string | null; phone: string | null; address: string; now: string }) {
      const { confirm_token_hash, name, phone, address, now } = fields;
      const row = rows.find((candidate) => candidate.id === id)!;
      Object.assign(row, { name, phone, address, status: 'pending', unsubscribed_at: null });
      if (confirm_token_hash !== undefined) Object.assign(row, { confirm_token_hash, confirm_sent_at: now });
    },
    async findByConfirmHash(hash: string) {
      return rows.find((row) => row.confirm_token_hash === hash);
    },
    async markConfirmed(id: number, now: string) {
      const row = rows.find((candidate) => candidate.id === id && candidate.status === 'pending');
      if (row) Object.assign(row, { status: 'confirmed', confirmed_at: now });
      return row !== undefined;
    },
    async findByUnsubscribeHash(hash: string) {
      return rows.find((row) => row.unsubscribe_token_hash === hash);
    },
    async markUnsubscribed(id: number, now: string) {
      Object.assign(
        rows.find((row) => row.id === id)!,
        { status: 'unsubscribed', unsubscribed_at: now },
      );
    },
    deletePendingBefore: unused,
    summary: unused,
    list: unused,
    listBatch: unused,
    points: unused,
    delete: unused,
  };
}

const ZONE = { id: 3, name: 'Bredasdorp', provider_id: 7, active: true, contains: (lat: number) => lat < -34 };

function newWaitlistService(zones: WaitlistZones | null = null) {
  const repository = memoryEntries();
  const mails: QueuedMail[] = [];
  const events: { type: string; data: unknown }[] = [];
  const trx = { marker: 'the confirmation transaction' };
  const clock = manualClock();
  const service = new WaitlistService({
    repository,
    providers: { find: async (id: number) => (id === 7 ? ({ id, name: 'FibreCo' } as never) : undefined) },
    zones,
    transactions: { run: (work) => work(trx as never) },
    mail: { enqueue: async (mail) => void mails.push(mail) },
    events: { emit: async (type, data) => void events.push({ type, data }) },
    publicUrl: 'https://isp.example/coverage/',
    secret: 'a-secret-of-at-least-32-characters-long',
    clock,
    log: fakeLogger(),
    audit: recordingAudit(),
  });
  return { service, repository, mails, events, trx, clock };
}

const JOIN: WaitlistJoinRequest = {
  lat: -34.53,
  lng: 20.04,
  address: '1 Long St, Bredasdorp',
  email: 'Naledi@Example.com',
  phone: undefined,
  name: undefined,
  consent: true,
};

const tokenOf = (mail: QueuedMail, action: string) => new RegExp(`/api/waitlist/${action}\\?token=([A-Za-z0-9_%-]+)`).exec(mail.text)![1]!;

describe('WaitlistService', () => {
  it('signs up a zone pre-registration for the zone provider, and counts it toward the goal in the confirmation transaction', async () => {
    const zones = { find: vi.fn(async (id: number) => (id === ZONE.id ? ZONE : undefined)), entryConfirmed: vi.fn(async () => undefined) };
    const { service, repository, mails, events, trx } = newWaitlistService(zones);
    await service.join({ ...JOIN, zone_id: ZONE.id, name: 'Naledi' });
    expect(repository.rows[0]).toMatchObject({ provider_id: 7, zone_id: ZONE.id, name: 'Naledi', email: 'naledi@example.com', status: 'pending' });
    expect(mails[0]!.subject).toBe('Please confirm your pre-registration');
    expect(mails[0]!.text).toContain('your pre-registration in Bredasdorp (FibreCo)');
    // Links live under PUBLIC_URL's path.
    expect(mails[0]!.text).toContain('https://isp.example/coverage/api/waitlist/confirm?token=');
    expect(mails[0]!.unsubscribeUrl).toMatch(/^https:\/\/isp\.example\/coverage\/api\/waitlist\/unsubscribe\?token=/);

    expect(await service.confirm(tokenOf(mails[0]!, 'confirm'))).toBe('confirmed');
    expect(zones.entryConfirmed).toHaveBeenCalledWith(ZONE.id, trx);
    expect(events).toEqual([{ type: 'waitlist.confirmed', data: { entry: expect.objectContaining({ zone_id: ZONE.id, confirmed_at: expect.any(String) }) } }]);
  });

  it('refuses a zone that is missing, not taking pre-registrations, or does not hold the spot, and any zone before zones are wired', async () => {
    const zones = {
      find: async (id: number) => (id === ZONE.id ? ZONE : id === 4 ? { ...ZONE, id: 4, active: false } : undefined),
      entryConfirmed: async () => undefined,
    };
    const { service } = newWaitlistService(zones);
    await expect(service.join({ ...JOIN, zone_id: 99, name: 'Naledi' })).rejects.toThrow(ZONE_NOT_FOUND);
    await expect(service.join({ ...JOIN, zone_id: 4, name: 'Naledi' })).rejects.toThrow(ZONE_CLOSED);
    await expect(service.join({ ...JOIN, lat: -33.9, zone_id: ZONE.id, name: 'Naledi' })).rejects.toThrow(OUTSIDE_ZONE);
    await expect(newWaitlistService(null).service.join({ ...JOIN, zone_id: ZONE.id, name: 'Naledi' })).rejects.toThrow(ZONE_NOT_FOUND);
  });

  it('keeps the unsubscribe link of an entry the same across sign-ups, and the link unsubscribes it', async () => {
    const { service, repository, mails, clock } = newWaitlistService();
    await service.join(JOIN);
    clock.advance(WAITLIST_RESEND_MS);
    await service.join(JOIN);
    expect(repository.rows).toHaveLength(1);
    expect(mails[1]!.unsubscribeUrl).toBe(mails[0]!.unsubscribeUrl);
    expect(tokenOf(mails[1]!, 'confirm')).not.toBe(tokenOf(mails[0]!, 'confirm'));
    expect(await service.unsubscribe(tokenOf(mails[0]!, 'unsubscribe'))).toBe('unsubscribed');
    expect(repository.rows[0]!.status).toBe('unsubscribed');
    // An unsubscribed entry's old confirmation link does not sign it up again.
    expect(await service.confirm(tokenOf(mails[1]!, 'confirm'))).toBe('invalid');
    expect(await service.unsubscribe('not-a-token')).toBe('invalid');
  });

  it('tells its listeners of a confirmation once it has committed, and of nothing else', async () => {
    const { service, mails } = newWaitlistService();
    const confirmed = vi.fn();
    service.onConfirmed(confirmed);
    await service.join(JOIN);
    expect(confirmed).not.toHaveBeenCalled();
    await service.confirm(tokenOf(mails[0]!, 'confirm'));
    expect(confirmed).toHaveBeenCalledTimes(1);
    expect(await service.confirm(tokenOf(mails[0]!, 'confirm'))).toBe('already_confirmed');
    expect(await service.confirm('not-a-token')).toBe('invalid');
    expect(confirmed).toHaveBeenCalledTimes(1);
  });

  it('emits nothing and counts nothing when a concurrent confirmation changed the entry first', async () => {
    const zones = { find: async () => ZONE, entryConfirmed: vi.fn(async () => undefined) };
    const { service, repository, mails, events } = newWaitlistService(zones);
    await service.join({ ...JOIN, zone_id: ZONE.id, name: 'Naledi' });
    const markConfirmed = repository.markConfirmed.bind(repository);
    // The other request commits between this one's read and its update.
    repository.markConfirmed = async (id, now) => {
      await markConfirmed(id, now);
      return markConfirmed(id, now);
    };
    expect(await service.confirm(tokenOf(mails[0]!, 'confirm'))).toBe('already_confirmed');
    expect(events).toEqual([]);
    expect(zones.entryConfirmed).not.toHaveBeenCalled();
  });

  it('mails a pending or unsubscribed entry joining again at most once in 15 minutes, the earlier link staying valid meanwhile', async () => {
    const { service, repository, mails, clock } = newWaitlistService();
    await service.join(JOIN);
    clock.advance(WAITLIST_RESEND_MS - 1000);
    await service.join({ ...JOIN, phone: '+27 82 555 0101' });
    expect(mails).toHaveLength(1);
    expect(repository.rows[0]!.phone).toBe('+27 82 555 0101');

    // Unsubscribed, then back within the window: pending again, and the first mail's link confirms it.
    expect(await service.unsubscribe(tokenOf(mails[0]!, 'unsubscribe'))).toBe('unsubscribed');
    await service.join(JOIN);
    expect(mails).toHaveLength(1);
    expect(repository.rows[0]!.status).toBe('pending');

    clock.advance(1000);
    await service.join(JOIN);
    expect(mails).toHaveLength(2);
    expect(await service.confirm(tokenOf(mails[0]!, 'confirm'))).toBe('invalid');
    expect(await service.confirm(tokenOf(mails[1]!, 'confirm'))).toBe('confirmed');
  });
});
