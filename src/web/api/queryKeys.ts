/**
 * Root query keys of the server's collections. Every query of a collection starts with its root,
 * so invalidating the root refreshes them all, from whichever feature changed the data.
 */
export const QUERY_KEYS = {
  providers: ['providers'],
  coverageLayers: ['coverage-layers'],
  /**
   * Every tower query (the list, the footprints' states; the Line of Sight screen reads the same
   * list): a save of the radio settings, or a clutter area uploaded or deleted, recomputes footprints.
   */
  towers: ['towers'],
  /** The antenna pattern library: a sector saved or deleted changes a pattern's count of users. */
  antennaPatterns: ['antenna-patterns'],
  /**
   * The clutter areas: the list (Settings) and their GeoJSON (the Line of Sight map) under one root,
   * so an upload or delete refreshes both.
   */
  clutterAreas: ['clutter-areas'],
  /** Every report read from /api/reports (dashboard, leads inbox, reports): a lead's change refreshes them all. */
  reports: ['reports'],
  /** Webhook endpoints and each one's deliveries log. */
  webhooks: ['webhooks'],
  /** The waitlist's summary, entries and the demand map's waitlisted spots: a deletion refreshes them all. */
  waitlist: ['waitlist'],
  /** The measurements' pages, points and report: an import, a deletion or a lead's install refreshes them all. */
  measurements: ['measurements'],
  /** The team: users and pending invitations (an accepted invitation becomes a user). */
  users: ['users'],
} as const;
