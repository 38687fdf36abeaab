import { describe, expect, it } from 'vitest';
import { webhookEventData } from '../../common/api/webhookEvents.js';
import type { DbTransaction } from '../db/transactions.js';
import { manualClock } from '../testing/fakes.js';
import { newZoneGoals } from '../testing/services.js';
import { memoryZones, zoneRecord } from '../testing/zoneFakes.js';

const trx = {} as DbTransaction;
const LEADS_EMAIL = 'sales@example.com';

describe('ZoneGoals.find', () => {
  it("answers a zone's provider, whether it is active, and whether a point lies in its outline (holes left out)", async () => {
    const zones = memoryZones();
    const outer = [
      [20, -34.6],
      [20.1, -34.6],
      [20.1, -34.5],
      [20, -34.5],
      [20, -34.6],
    ];
    const hole = [
      [20.04, -34.56],
      [20.06, -34.56],
      [20.06, -34.54],
      [20.04, -34.54],
      [20.04, -34.56],
    ];
    zones.rows.push(zoneRecord({ id: 4, provider_id: 1, active: false, geometry_json: JSON.stringify({ type: 'Polygon', coordinates: [outer, hole] }) }));
    const { goals } = newZoneGoals({ zones });

    const zone = await goals.find(4);
    expect(zone).toMatchObject({ id: 4, provider_id: 1, active: false });
    expect(zone!.contains(-34.58, 20.02)).toBe(true);
    expect(zone!.contains(-34.55, 20.05)).toBe(false);
    expect(zone!.contains(-34.7, 20.05)).toBe(false);
    expect(await goals.find(5)).toBeUndefined();
  });
});

describe('ZoneGoals.entryConfirmed', () => {
  it("moves the public list's version on every confirmation, the goal reached or not", async () => {
    const zones = memoryZones();
    zones.rows.push(zoneRecord({ id: 1, goal: 2 }));
    const { goals, listVersion } = newZoneGoals({ zones });
    const before = listVersion.current;
    zones.confirmed.set(1, 1);
    await goals.entryConfirmed(1, trx);
    expect(listVersion.current).toBe(before + 1);
    zones.confirmed.set(1, 2);
    await goals.entryConfirmed(1, trx);
    expect(listVersion.current).toBe(before + 2);
  });

  it('does nothing below the goal', async () => {
    const zones = memoryZones();
    zones.rows.push(zoneRecord({ goal: 3 }));
    zones.confirmed.set(1, 2);
    const { goals, mail, events } = newZoneGoals({ zones, leadsEmail: LEADS_EMAIL });

    await goals.entryConfirmed(1, trx);

    expect(zones.rows[0]!.goal_reached_at).toBeNull();
    expect(mail.queued).toEqual([]);
    expect(events.emitted).toEqual([]);
  });

  it('marks the zone, e-mails LEADS_EMAIL and emits zone.goal_reached when the count reaches the goal, then never again', async () => {
    const zones = memoryZones({ 1: 'Overberg <Fibre>' });
    zones.rows.push(zoneRecord({ name: 'Bredasdorp & Napier', provider_name: 'Overberg <Fibre>', goal: 3, deadline: '2027-03-31' }));
    zones.confirmed.set(1, 3);
    const clock = manualClock('2026-11-25T10:00:00.000Z');
    const { goals, mail, events } = newZoneGoals({ zones, leadsEmail: LEADS_EMAIL, clock });

    await goals.entryConfirmed(1, trx);
    zones.confirmed.set(1, 4);
    await goals.entryConfirmed(1, trx);

    expect(zones.rows[0]!.goal_reached_at).toBe('2026-11-25T10:00:00.000Z');
    expect(mail.queued).toHaveLength(1);
    expect(mail.queued[0]).toMatchObject({ kind: 'zone_goal_reached', to: LEADS_EMAIL, subject: 'Zone goal reached: Bredasdorp & Napier (3 of 3)' });
    expect(mail.queued[0]!.text).toContain('"Bredasdorp & Napier" of Overberg <Fibre> has reached its goal');
    expect(mail.queued[0]!.text).toContain('Deadline: 2027-03-31');
    expect(mail.queued[0]!.html).toContain('&quot;Bredasdorp &amp; Napier&quot; of Overberg &lt;Fibre&gt;');
    expect(mail.queued[0]!.html).not.toContain('<Fibre>');
    expect(events.emitted).toHaveLength(1);
    const [event] = events.emitted;
    expect(event!.type).toBe('zone.goal_reached');
    expect(webhookEventData['zone.goal_reached'].parse(event!.data)).toEqual({
      zone: { id: 1, name: 'Bredasdorp & Napier', provider_id: 1, goal: 3, confirmed_count: 3, deadline: '2027-03-31', reached_at: '2026-11-25T10:00:00.000Z' },
    });
  });

  it('emits the event without an e-mail when LEADS_EMAIL is not set', async () => {
    const zones = memoryZones();
    zones.rows.push(zoneRecord({ goal: 1 }));
    zones.confirmed.set(1, 1);
    const { goals, mail, events } = newZoneGoals({ zones });

    await goals.entryConfirmed(1, trx);

    expect(mail.queued).toEqual([]);
    expect(events.emitted.map((event) => event.type)).toEqual(['zone.goal_reached']);
  });

  it('tells no one when another transaction marked the zone first', async () => {
    const zones = memoryZones();
    zones.rows.push(zoneRecord({ goal: 1 }));
    zones.confirmed.set(1, 1);
    zones.markGoalReached.mockResolvedValueOnce(false);
    const { goals, mail, events } = newZoneGoals({ zones, leadsEmail: LEADS_EMAIL });

    await goals.entryConfirmed(1, trx);

    expect(zones.markGoalReached).toHaveBeenCalledOnce();
    expect(mail.queued).toEqual([]);
    expect(events.emitted).toEqual([]);
  });

  it('does nothing for a zone that no longer exists', async () => {
    const { goals, zones, events } = newZoneGoals({ leadsEmail: LEADS_EMAIL });
    await goals.entryConfirmed(9, trx);
    expect(zones.markGoalReached).not.toHaveBeenCalled();
    expect(events.emitted).toEqual([]);
  });
});
