/**
 * Estimated 802.11ac (VHT) PHY rate from a received signal.
 *
 * Sources, IEEE Std 802.11ac-2013:
 * - minimum receive sensitivity per MCS and channel width: Table 22-25 ("Receiver minimum input
 *   level sensitivity"); the standard gives one value per MCS and width, whatever the number of
 *   spatial streams;
 * - PHY rates: the VHT-MCS tables 22-30 to 22-47, which follow from data subcarriers N_SD (52, 108,
 *   234 for 20, 40, 80 MHz), bits per subcarrier, code rate and the 4 µs symbol of the long (800 ns)
 *   guard interval: rate = N_SS · N_SD · N_BPSCS · R / 4 µs. Rates here are long-GI rates.
 * - an MCS is not defined where the data bits per symbol N_DBPS = N_SS · N_SD · N_BPSCS · R are not
 *   whole (22.5): MCS 9 at 20 MHz with 1 or 2 streams. (The standard's other exclusions, from the
 *   encoder count, only arise with 3 or more streams.)
 */

export const CHANNEL_WIDTHS_MHZ = [20, 40, 80] as const;
export type ChannelWidthMHz = (typeof CHANNEL_WIDTHS_MHZ)[number];

interface VhtMcs {
  mcs: number;
  /** Coded bits per subcarrier per stream (1 BPSK, 2 QPSK, 4 16-QAM, 6 64-QAM, 8 256-QAM). */
  bitsPerSubcarrier: number;
  /** Code rate as numerator / denominator. */
  codeRate: readonly [number, number];
  /** Minimum receive sensitivity, dBm, per channel width. */
  sensitivityDbm: Readonly<Record<ChannelWidthMHz, number>>;
}

/** IEEE 802.11ac-2013 Table 22-25, MCS 0 to 9. */
const VHT_MCS: readonly VhtMcs[] = [
  { mcs: 0, bitsPerSubcarrier: 1, codeRate: [1, 2], sensitivityDbm: { 20: -82, 40: -79, 80: -76 } },
  { mcs: 1, bitsPerSubcarrier: 2, codeRate: [1, 2], sensitivityDbm: { 20: -79, 40: -76, 80: -73 } },
  { mcs: 2, bitsPerSubcarrier: 2, codeRate: [3, 4], sensitivityDbm: { 20: -77, 40: -74, 80: -71 } },
  { mcs: 3, bitsPerSubcarrier: 4, codeRate: [1, 2], sensitivityDbm: { 20: -74, 40: -71, 80: -68 } },
  { mcs: 4, bitsPerSubcarrier: 4, codeRate: [3, 4], sensitivityDbm: { 20: -70, 40: -67, 80: -64 } },
  { mcs: 5, bitsPerSubcarrier: 6, codeRate: [2, 3], sensitivityDbm: { 20: -66, 40: -63, 80: -60 } },
  { mcs: 6, bitsPerSubcarrier: 6, codeRate: [3, 4], sensitivityDbm: { 20: -65, 40: -62, 80: -59 } },
  { mcs: 7, bitsPerSubcarrier: 6, codeRate: [5, 6], sensitivityDbm: { 20: -64, 40: -61, 80: -58 } },
  { mcs: 8, bitsPerSubcarrier: 8, codeRate: [3, 4], sensitivityDbm: { 20: -59, 40: -56, 80: -53 } },
  { mcs: 9, bitsPerSubcarrier: 8, codeRate: [5, 6], sensitivityDbm: { 20: -57, 40: -54, 80: -51 } },
];

/** Data subcarriers N_SD per channel width. */
const DATA_SUBCARRIERS: Readonly<Record<ChannelWidthMHz, number>> = { 20: 52, 40: 108, 80: 234 };

/** OFDM symbol with the long guard interval, microseconds. */
const SYMBOL_US = 4;

/**
 * Long-GI PHY rate, Mbit/s, of the best MCS whose minimum sensitivity the signal (dBm) meets, on a
 * channel of the given width with 1 or 2 spatial streams (default 2: outdoor CPEs are 2×2, dual
 * polarisation). null when the signal is below MCS 0's sensitivity (or not a number).
 */
export function estimatedPhyRateMbps(signalDbm: number, channelWidthMHz: ChannelWidthMHz, spatialStreams: 1 | 2 = 2): number | null {
  if (!CHANNEL_WIDTHS_MHZ.includes(channelWidthMHz)) throw new RangeError(`channel width must be 20, 40 or 80 MHz, got ${channelWidthMHz}`);
  if (spatialStreams !== 1 && spatialStreams !== 2) throw new RangeError(`spatial streams must be 1 or 2, got ${spatialStreams}`);
  let best: number | null = null;
  for (const entry of VHT_MCS) {
    if (!(signalDbm >= entry.sensitivityDbm[channelWidthMHz])) continue;
    const [num, den] = entry.codeRate;
    const bitsPerSymbol = (spatialStreams * DATA_SUBCARRIERS[channelWidthMHz] * entry.bitsPerSubcarrier * num) / den;
    if (Number.isInteger(bitsPerSymbol)) best = bitsPerSymbol / SYMBOL_US;
  }
  return best;
}
