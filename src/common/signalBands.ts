/** Signal strength bands, by received signal in dBm (strictly above each floor). */
export const SIGNAL_BANDS = ['Excellent', 'Good', 'Fair', 'Poor', 'Unusable', 'Unknown'] as const;
export type SignalBand = (typeof SIGNAL_BANDS)[number];

/** The floor of the Poor band, dBm: a signal at or below it is Unusable. */
export const UNUSABLE_AT_OR_BELOW_DBM = -80;

/** The lowest signal (dBm, exclusive) of each usable band, best first. */
const FLOORS: readonly [Exclude<SignalBand, 'Unusable' | 'Unknown'>, number][] = [
  ['Excellent', -65],
  ['Good', -70],
  ['Fair', -75],
  ['Poor', UNUSABLE_AT_OR_BELOW_DBM],
];

/** The band of a received signal (dBm); Unknown when there is none. */
export function signalBand(dbm: number | null | undefined): SignalBand {
  if (dbm === null || dbm === undefined || Number.isNaN(dbm)) return 'Unknown';
  for (const [band, floor] of FLOORS) if (dbm > floor) return band;
  return 'Unusable';
}

/** Whether a link with this signal can carry service (any band above Unusable). */
export function isUsableSignal(dbm: number | null | undefined): boolean {
  const band = signalBand(dbm);
  return band !== 'Unusable' && band !== 'Unknown';
}

/** Colours of the usable bands on maps and in exported footprints ("#rrggbb"), best first. */
export const SIGNAL_BAND_COLORS = {
  Excellent: '#1a9850',
  Good: '#91cf60',
  Fair: '#fee08b',
  Poor: '#fc8d59',
} as const satisfies Partial<Record<SignalBand, string>>;
