/** Received signal of one link (docs/radio-model.md, Link budget). Powers dBm, gains dBi, losses dB. */

export interface LinkBudgetInput {
  /** Transmitter output power, dBm. */
  powerDbm: number;
  /** Tower antenna gain, dBi. */
  txGainDbi: number;
  /** Target (CPE) antenna gain, dBi. */
  rxGainDbi: number;
  /** Free-space path loss, dB. */
  freeSpaceLossDb: number;
  /** Knife-edge diffraction loss of the worst obstacle, dB (0 when clear). */
  diffractionLossDb: number;
}

/** Received signal, dBm: power + both gains − free-space loss − diffraction loss. */
export function receivedSignalDbm(input: LinkBudgetInput): number {
  return input.powerDbm + input.txGainDbi + input.rxGainDbi - input.freeSpaceLossDb - input.diffractionLossDb;
}
