import type { Executor } from '../db/transactions.js';

/** A zone as a pre-registration needs it. */
export interface WaitlistZone {
  id: number;
  name: string;
  provider_id: number;
  active: boolean;
  /** Whether the zone's outline holds the point (degrees). */
  contains(lat: number, lng: number): boolean;
}

/**
 * What the waitlist needs of the zones (helper C's zones/ answers it): the zone a pre-registration
 * names, and the confirmation's count toward its goal, in the confirmation's transaction.
 */
export interface WaitlistZones {
  find(id: number): Promise<WaitlistZone | undefined>;
  entryConfirmed(zoneId: number, trx: Executor): Promise<void>;
}
