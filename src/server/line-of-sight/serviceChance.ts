import type { CpeProfile } from '../../common/api/radioSettings.js';
import type { LosTowerResult } from '../../common/api/lineOfSight.js';
import { SERVICE_LIKELIHOOD_KEYS, type ServiceLikelihood, serviceLikelihood, serviceProbability } from '../../common/serviceLikelihood.js';
import type { CorrectionPoint } from '../../geo/rf/calibration/calibrationModel.js';

/**
 * What the line of sight reads of the calibration, once per coverage revision. The measurements'
 * CalibrationSnapshot answers it (handed in by services.ts): declared here so that line-of-sight/
 * does not import measurements/, which imports the link (towerLink.ts) to predict.
 */
export interface LinkCalibration {
  /** The signal correction at a point, dB; null when calibration is off or nothing is fitted. */
  lookup: { correctionDb(point: CorrectionPoint): number } | null;
  /** σ of the service probability: the model's measured spread, dB. */
  sigmaDb: number;
}

/**
 * The chance (0..1) that a link serves a customer antenna of `profile`: with line of sight,
 * Φ((signal − the profile's least usable signal) / σ); without it (or without a signal), 0.
 */
export function linkProbability(link: LosTowerResult, profile: Pick<CpeProfile, 'least_usable_signal_dbm'>, sigmaDb: number): number {
  if (!link.in_range || !link.has_line_of_sight || link.signal_strength === null) return 0;
  return serviceProbability(link.signal_strength, profile.least_usable_signal_dbm, sigmaDb);
}

/** Whether likelihood `a` is better than `b` (null: none, the worst). */
export function isMoreLikely(a: ServiceLikelihood | null, b: ServiceLikelihood | null): boolean {
  if (a === null) return false;
  return b === null || SERVICE_LIKELIHOOD_KEYS.indexOf(a) < SERVICE_LIKELIHOOD_KEYS.indexOf(b);
}

/** One CPE profile's best link: the one most likely to serve, its probability and words (the first on a tie, links come best first). */
export function bestChance<P extends Pick<CpeProfile, 'least_usable_signal_dbm'>>(
  links: readonly LosTowerResult[],
  profile: P,
  sigmaDb: number,
): { link: LosTowerResult | undefined; probability: number; likelihood: ServiceLikelihood | null } {
  let link: LosTowerResult | undefined;
  let probability = 0;
  for (const candidate of links) {
    const chance = linkProbability(candidate, profile, sigmaDb);
    if (link === undefined || chance > probability) [link, probability] = [candidate, chance];
  }
  return { link, probability, likelihood: serviceLikelihood(probability) };
}

/**
 * Whether a signal seen with line of sight makes wireless available for `profile`: its probability
 * of service has words (LEAST_SHOWN_PROBABILITY or more), as a coverage check decides.
 */
export function servesProfile(profile: Pick<CpeProfile, 'least_usable_signal_dbm'>, sigmaDb: number): (signalDbm: number) => boolean {
  return (signalDbm) => serviceLikelihood(serviceProbability(signalDbm, profile.least_usable_signal_dbm, sigmaDb)) !== null;
}

/** A probability as answers carry it: 3 decimals. */
export function roundedProbability(probability: number): number {
  return Math.round(probability * 1000) / 1000;
}
