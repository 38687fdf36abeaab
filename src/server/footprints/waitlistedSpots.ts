/**
 * What footprints need of the waitlist: where confirmed, subscribed entries wait, for what a
 * candidate tower would reach. Footprints declare it; the waitlist answers it (WaitlistRepository).
 */
export interface WaitlistedSpots {
  /** The newest `limit` spots inside the box (degrees) of confirmed entries waiting for any provider (a tower tells those). */
  waitlistedSpotsIn(bounds: { south: number; west: number; north: number; east: number }, limit: number): Promise<{ lat: number; lng: number }[]>;
}
