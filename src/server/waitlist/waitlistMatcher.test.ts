import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceStatus } from '../../common/serviceStatus.js';
import type { PublicProvider } from '../coverage/coverageProviders.js';
import type { FootprintReading } from '../footprints/footprintService.js';
import type { Transactions } from '../db/transactions.js';
import type { QueuedMail } from '../outbox/mailQueue.js';
import { servesProfile } from '../line-of-sight/serviceChance.js';
import { fakeLogger, manualClock, towerRecord } from '../testing/fakes.js';
import { FIXED_WIRELESS, MATCH_BATCH, MATCH_RETRY_FIRST_MS, TOWERS_KEY, WaitlistMatcher } from './waitlistMatcher.js';
import { notificationKey, type WaitlistRecord } from './waitlistRepository.js';

const FIBRE: PublicProvider = { id: 7, name: 'FibreCo', description: null, logo_filename: null, signup_url: 'https://fibre.example/join' };
const AIR: PublicProvider = { id: 8, name: 'AirNet <fast>', description: null, logo_filename: null, signup_url: null };

function entry(id: number, fields: Partial<WaitlistRecord> = {}): WaitlistRecord {
  return {
    id,
    provider_id: null,
    zone_id: null,
    name: null,
    email: `person${id}@example.com`,
    phone: null,
    address: `${id} Dorp St`,
    lat: -33.92,
    lng: 18.7,
    status: 'confirmed',
    dedupe_key: `key-${id}`,
    created_at: '2026-11-20T08:00:00.000Z',
    confirmed_at: '2026-11-20T09:00:00.000Z',
    unsubscribed_at: null,
    confirm_sent_at: '2026-11-20T08:00:00.000Z',
    ...fields,
  };
}

/** The waitlist tables in memory, with waitlist_notifications' unique key. */
function memoryWaitlist(entries: WaitlistRecord[]) {
  const notifications = new Set<string>();
  return {
    notifications,
    async confirmedAfter(afterId: number, limit: number) {
      return entries.filter((e) => e.status === 'confirmed' && e.id > afterId).slice(0, limit);
    },
    async notifiedAmong(ids: readonly number[]) {
      return new Set([...notifications].filter((key) => ids.includes(Number(key.split(':')[0]))));
    },
    async insertNotifications(entryId: number, keys: readonly number[]) {
      return keys.filter((key) => {
        const k = notificationKey(entryId, key);
        if (notifications.has(k)) return false;
        notifications.add(k);
        return true;
      });
    },
    async confirmedAmong(ids: readonly number[]) {
      return new Set(entries.filter((e) => ids.includes(e.id) && e.status === 'confirmed').map((e) => e.id));
    },
  };
}

function newMatcher(options: {
  entries: WaitlistRecord[];
  /** What the layers say at every spot. */
  layers?: { provider: PublicProvider; service_status: ServiceStatus }[];
  reading?: FootprintReading | null;
}) {
  const repository = memoryWaitlist(options.entries);
  const mails: QueuedMail[] = [];
  const events: { type: string; data: unknown }[] = [];
  const transactions: Transactions = { run: (work) => work({} as never) };
  const matcher = new WaitlistMatcher({
    repository,
    coverage: { layerProvidersAt: () => options.layers ?? [] },
    towers: { listActive: async () => [towerRecord({ id: 1, latitude: -33.9, longitude: 18.7, coverage_radius_km: 10 })] },
    footprints: { read: vi.fn(() => options.reading ?? null) },
    // The defaults' rule: the roof antenna's −80 dBm with σ 10 dB is possible from −82.5 dBm.
    wirelessRule: async () => servesProfile({ least_usable_signal_dbm: -80 }, 10),
    transactions,
    mail: { enqueue: async (mail) => void mails.push(mail) },
    events: { emit: async (type, data) => void events.push({ type, data }) },
    unsubscribeUrlOf: (key) => `https://map.example/api/waitlist/unsubscribe?token=${key}`,
    publicUrl: 'https://map.example/',
    clock: manualClock(),
    log: fakeLogger(),
  });
  return { matcher, repository, mails, events, transactions };
}

const SERVED: FootprintReading = { lineOfSight: true, signalDbm: -60, fresnel60Clear: true, terrainSource: 'hgt', sectorId: null };

describe('WaitlistMatcher', () => {
  it("tells an entry of its provider's live layer once, with the sign-up link and the unsubscribe link", async () => {
    const { matcher, mails, events } = newMatcher({ entries: [entry(1, { provider_id: FIBRE.id })], layers: [{ provider: FIBRE, service_status: 'live' }] });
    expect(await matcher.run()).toBe(1);
    expect(await matcher.run()).toBe(0);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'waitlist_live',
      to: 'person1@example.com',
      subject: 'Now available at your address: FibreCo',
      unsubscribeUrl: 'https://map.example/api/waitlist/unsubscribe?token=key-1',
    });
    expect(mails[0]!.text).toContain('https://fibre.example/join');
    expect(mails[0]!.text).toContain('https://map.example/api/waitlist/unsubscribe?token=key-1');
    expect(events).toEqual([
      {
        type: 'coverage.live_at_waitlist',
        data: {
          entry: expect.objectContaining({ id: 1, provider_id: FIBRE.id }),
          services: [{ provider_id: FIBRE.id, name: 'FibreCo', signup_url: FIBRE.signup_url }],
        },
      },
    ]);
  });

  it('ignores other providers, statuses short of live, and the towers for an entry that waits for one provider', async () => {
    const { matcher, mails } = newMatcher({
      entries: [entry(1, { provider_id: FIBRE.id })],
      layers: [
        { provider: FIBRE, service_status: 'in_progress' },
        { provider: AIR, service_status: 'live' },
      ],
      reading: SERVED,
    });
    expect(await matcher.run()).toBe(0);
    expect(mails).toEqual([]);
  });

  it('names every live provider and the towers for an entry of any provider, escaping names in HTML', async () => {
    const { matcher, mails, repository } = newMatcher({
      entries: [entry(1)],
      layers: [
        { provider: FIBRE, service_status: 'live' },
        { provider: AIR, service_status: 'live' },
      ],
      reading: SERVED,
    });
    await matcher.run();
    expect(mails[0]!.subject).toBe(`Now available at your address: FibreCo, AirNet <fast> and ${FIXED_WIRELESS}`);
    expect(mails[0]!.html).toContain('AirNet &lt;fast&gt;');
    expect(mails[0]!.text).toContain('https://map.example/?lat=-33.92&lng=18.7');
    expect([...repository.notifications].sort()).toEqual([notificationKey(1, TOWERS_KEY), notificationKey(1, FIBRE.id), notificationKey(1, AIR.id)].sort());
  });

  it('counts a tower only with line of sight and a signal the public check calls possible or better', async () => {
    for (const reading of [{ ...SERVED, lineOfSight: false }, { ...SERVED, signalDbm: -83 }, { ...SERVED, signalDbm: null }, null]) {
      const { matcher, mails } = newMatcher({ entries: [entry(1)], reading });
      await matcher.run();
      expect(mails, JSON.stringify(reading)).toEqual([]);
    }
    // −82 dBm is under the Unusable boundary, but Φ(−2 / 10) = 0.42: possible, as the public check says.
    const { matcher, mails } = newMatcher({ entries: [entry(1)], reading: { ...SERVED, signalDbm: -82 } });
    await matcher.run();
    expect(mails).toHaveLength(1);
  });

  it('mails only what it inserted: a provider another process already told of is left out', async () => {
    const { matcher, mails, repository } = newMatcher({
      entries: [entry(1)],
      layers: [
        { provider: FIBRE, service_status: 'live' },
        { provider: AIR, service_status: 'live' },
      ],
    });
    // Written by another process after this run read its batch.
    const insert = repository.insertNotifications.bind(repository);
    repository.insertNotifications = async (id, keys) => {
      repository.notifications.add(notificationKey(1, FIBRE.id));
      return insert(id, keys);
    };
    await matcher.run();
    expect(mails.map((mail) => mail.subject)).toEqual(['Now available at your address: AirNet <fast>']);
  });

  it('leaves out an entry that unsubscribed after its batch was read', async () => {
    const entries = [entry(1), entry(2)];
    const { matcher, mails, repository } = newMatcher({ entries, layers: [{ provider: FIBRE, service_status: 'live' }] });
    const read = repository.notifiedAmong.bind(repository);
    repository.notifiedAmong = async (ids) => {
      entries[0]!.status = 'unsubscribed';
      return read(ids);
    };
    expect(await matcher.run()).toBe(1);
    expect(mails.map((mail) => mail.to)).toEqual(['person2@example.com']);
    expect([...repository.notifications]).toEqual([notificationKey(2, FIBRE.id)]);
  });

  it('works through every batch of entries', async () => {
    const entries = Array.from({ length: MATCH_BATCH * 2 + 5 }, (_, i) => entry(i + 1));
    const { matcher, mails } = newMatcher({ entries, layers: [{ provider: FIBRE, service_status: 'live' }] });
    expect(await matcher.run()).toBe(entries.length);
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(entries.length);
  });

  it('runs one pass at a time and one more when asked during a pass', async () => {
    const { matcher, repository } = newMatcher({ entries: [entry(1)] });
    const confirmedAfter = vi.spyOn(repository, 'confirmedAfter');
    matcher.request();
    matcher.request();
    matcher.request();
    await matcher.idle();
    // Two passes, each reading one batch and the empty one after it.
    expect(confirmedAfter).toHaveBeenCalledTimes(4);
  });

  describe('after a failure', () => {
    afterEach(() => void vi.useRealTimers());
    const DOWN = new Error('connection refused');

    it('asks for another run 30 s after a failed read, then waits twice as long after each further failure', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { matcher, repository, mails } = newMatcher({ entries: [entry(1)], layers: [{ provider: FIBRE, service_status: 'live' }] });
      const read = repository.confirmedAfter.bind(repository);
      const confirmedAfter = vi.spyOn(repository, 'confirmedAfter').mockRejectedValueOnce(DOWN).mockRejectedValueOnce(DOWN).mockImplementation(read);
      matcher.request();
      await matcher.idle();
      expect(confirmedAfter).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(MATCH_RETRY_FIRST_MS);
      await matcher.idle();
      expect(confirmedAfter).toHaveBeenCalledTimes(2);
      // The second failure waits 60 s.
      await vi.advanceTimersByTimeAsync(MATCH_RETRY_FIRST_MS);
      await matcher.idle();
      expect(confirmedAfter).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(MATCH_RETRY_FIRST_MS);
      await matcher.idle();
      expect(mails).toHaveLength(1);
      // A good run asks for nothing more.
      await vi.advanceTimersByTimeAsync(20 * MATCH_RETRY_FIRST_MS);
      expect(confirmedAfter).toHaveBeenCalledTimes(4);
    });

    it('retries entries whose transaction failed', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { matcher, mails, transactions } = newMatcher({ entries: [entry(1)], layers: [{ provider: FIBRE, service_status: 'live' }] });
      vi.spyOn(transactions, 'run').mockRejectedValueOnce(DOWN);
      expect(await matcher.run()).toBe(0);
      await vi.advanceTimersByTimeAsync(MATCH_RETRY_FIRST_MS);
      await matcher.idle();
      expect(mails).toHaveLength(1);
    });

    it('asks for nothing once stopped', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { matcher, repository } = newMatcher({ entries: [entry(1)] });
      const confirmedAfter = vi.spyOn(repository, 'confirmedAfter').mockRejectedValue(DOWN);
      await matcher.run();
      await matcher.stop();
      expect(vi.getTimerCount()).toBe(0);
      await vi.advanceTimersByTimeAsync(MATCH_RETRY_FIRST_MS);
      expect(confirmedAfter).toHaveBeenCalledTimes(1);
    });
  });
});
