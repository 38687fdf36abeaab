import type { ZoneGeometry } from '../../common/api/zones.js';
import { zonePolygons } from '../../common/api/zones.js';
import { polygonsContain } from '../../geo/polygonContains.js';
import type { Clock } from '../clock.js';
import type { Executor } from '../db/transactions.js';
import type { EventSink } from '../outbox/eventSink.js';
import type { MailQueue } from '../outbox/mailQueue.js';
import { zoneGoalReachedMail } from './zoneGoalMail.js';
import type { ZoneListVersion } from './zoneListVersion.js';
import type { ZoneRepository } from './zoneRepository.js';

/** A zone as the waitlist takes a pre-registration into it. */
export interface GoalZone {
  id: number;
  name: string;
  provider_id: number;
  active: boolean;
  /** Whether the point (degrees) lies in the zone's outline (its edge included, its holes not). */
  contains(lat: number, lng: number): boolean;
}

export interface ZoneGoalsDeps {
  repository: Pick<ZoneRepository, 'find' | 'lockGoalState' | 'confirmedCount' | 'markGoalReached'>;
  mail: MailQueue;
  events: EventSink;
  /** Where the "goal reached" e-mail goes (LEADS_EMAIL); unset: no e-mail, the event only. */
  leadsEmail: string | undefined;
  clock: Clock;
  /** Moved on each confirmation: the zone's count in the public list moved. */
  listVersion: ZoneListVersion;
}

/**
 * The zones as the waitlist sees them (issue 20 §2): a zone to pre-register in, and the goal
 * check the waitlist calls when it confirms an entry of a zone.
 */
export class ZoneGoals {
  constructor(private readonly deps: ZoneGoalsDeps) {}

  async find(id: number, trx?: Executor): Promise<GoalZone | undefined> {
    const record = await this.deps.repository.find(id, trx);
    if (!record) return undefined;
    const polygons = zonePolygons(JSON.parse(record.geometry_json) as ZoneGeometry);
    return {
      id: record.id,
      name: record.name,
      provider_id: record.provider_id,
      active: record.active,
      contains: (lat, lng) => polygonsContain(polygons, lng, lat),
    };
  }

  /**
   * Called in the transaction that confirms an entry of zone `zoneId`. When the zone's confirmed
   * count reaches its goal for the first time, it marks the zone, queues the e-mail to LEADS_EMAIL
   * and emits `zone.goal_reached`, all in `trx`. The zone's row is locked first (PostgreSQL), so
   * confirmations at once count one after another and the last of them sees every other; only the
   * transaction whose conditional update marked the zone tells anyone.
   */
  async entryConfirmed(zoneId: number, trx: Executor): Promise<void> {
    try {
      await this.checkGoal(zoneId, trx);
    } finally {
      // As late as this can, yet before the caller's commit: a public list built in between keeps the old count a few seconds at most.
      this.deps.listVersion.invalidate();
    }
  }

  private async checkGoal(zoneId: number, trx: Executor): Promise<void> {
    const zone = await this.deps.repository.lockGoalState(zoneId, trx);
    if (!zone || zone.goal_reached_at !== null) return;
    const confirmed = await this.deps.repository.confirmedCount(zoneId, trx);
    if (confirmed < zone.goal) return;
    const reachedAt = this.deps.clock.now().toISOString();
    if (!(await this.deps.repository.markGoalReached(zoneId, reachedAt, trx))) return;
    if (this.deps.leadsEmail) {
      await this.deps.mail.enqueue(zoneGoalReachedMail({ ...zone, confirmed }, this.deps.leadsEmail), trx);
    }
    await this.deps.events.emit(
      'zone.goal_reached',
      {
        zone: {
          id: zone.id,
          name: zone.name,
          provider_id: zone.provider_id,
          goal: zone.goal,
          confirmed_count: confirmed,
          deadline: zone.deadline,
          reached_at: reachedAt,
        },
      },
      trx,
    );
  }
}
