import { antennaPhrase } from '../../../common/antennaPhrase.js';
import type { WirelessFeasibility } from '../../../common/api/coverage.js';
import { SERVICE_LIKELIHOOD_LABELS, type ServiceLikelihood } from '../../../common/serviceLikelihood.js';

/** What the results dialog shows of a check's wireless answer (only types come from common/api: no zod here). */
export interface WirelessOffer {
  /** The tower the service would come from; null when the answer names none. */
  towerName: string | null;
  /** km, when known. */
  distanceKm: number | null;
  /** e.g. "Excellent signal". */
  qualityLabel: string;
  /** How the quality chip is coloured: the better the signal, the greener. */
  quality: 'excellent' | 'good' | 'fair' | 'poor' | 'other';
  /** e.g. "Up to 200 Mbps". */
  speed: string;
  message: string;
  /** Which customer antenna serves the spot: "Serviceable with a roof antenna", "Needs a long-range dish"; null when the answer names none. */
  antenna: string | null;
  /** How likely service is, in the public words ("Service likely"), and its key for the colour; null when the answer gives none. */
  likelihood: { key: ServiceLikelihood; label: string } | null;
}

const QUALITIES = ['excellent', 'good', 'fair', 'poor'] as const;

/** The server's estimated speed when the signal is under the slowest rate's sensitivity. */
const NO_SERVICE = 'No Service';
/** What the offer says of the speed then: service is still possible, at a speed a site survey will tell. */
export const SURVEY_SPEED = 'a site survey will tell';

/**
 * The wireless offer of a coverage check, or null when wireless service
 * is not available. The best tower is the first with line of sight: tower_distances come clear
 * first, best signal first, and wireless is available only when that signal is usable.
 */
export function wirelessOffer(wireless: WirelessFeasibility | undefined | null): WirelessOffer | null {
  if (!wireless?.wireless_available) return null;
  const towers = wireless.tower_distances;
  const best = towers.find((tower) => tower.has_line_of_sight === true) ?? towers[0] ?? null;
  // A possible link may lie just under the Unusable boundary: to the visitor it is a weak signal, its speed for a site survey to tell.
  const weak = wireless.signal_quality === 'unusable';
  const quality = weak
    ? 'poor'
    : (QUALITIES as readonly string[]).includes(wireless.signal_quality)
      ? (wireless.signal_quality as WirelessOffer['quality'])
      : 'other';
  const word = weak ? 'weak' : wireless.signal_quality.replace(/_/g, ' ');
  const likelihood = wireless.likelihood ? { key: wireless.likelihood, label: SERVICE_LIKELIHOOD_LABELS[wireless.likelihood] } : null;
  return {
    towerName: best?.tower_name ?? null,
    distanceKm: best?.distance_km ?? null,
    qualityLabel: `${word.charAt(0).toUpperCase()}${word.slice(1)} signal`,
    quality,
    speed: wireless.estimated_speed === NO_SERVICE ? SURVEY_SPEED : wireless.estimated_speed,
    message: likelihood ? withoutClosingWords(wireless.message, likelihood.label) : wireless.message,
    antenna: antennaLine(wireless.cpe_profile),
    likelihood,
  };
}

/** The server's message ends with the likelihood's words for readers of the API; the dialog shows them as their own label, so not twice. */
function withoutClosingWords(message: string, words: string): string {
  const closing = ` ${words}.`;
  return message.endsWith(closing) ? message.slice(0, -closing.length) : message;
}

/** The line above the results: how many providers cover the point, and whether fixed wireless does. */
export function coverageHeadline(providerCount: number, wireless: boolean): string | null {
  const providers = providerCount === 1 ? '1 provider' : `${providerCount} providers`;
  if (providerCount === 0) return wireless ? 'Fixed wireless service is available at this location' : null;
  if (wireless) return `${providers} and fixed wireless cover this location`;
  return providerCount === 1 ? '1 provider covers this location' : `${providerCount} providers cover this location`;
}

/** Chip colours of the signal quality, best green to poor orange; text colour that reads on each. */
export const QUALITY_COLORS: Record<WirelessOffer['quality'], { bg: string; fg: string }> = {
  excellent: { bg: '#2e7d32', fg: '#ffffff' },
  good: { bg: '#689f38', fg: '#ffffff' },
  fair: { bg: '#f9a825', fg: '#212121' },
  poor: { bg: '#ef6c00', fg: '#ffffff' },
  other: { bg: '#9e9e9e', fg: '#ffffff' },
};

/** The likelihood's colours: green for very likely, lighter green for likely, amber for a site survey; text colour that reads on each. */
export const LIKELIHOOD_COLORS: Record<ServiceLikelihood, { bg: string; fg: string }> = {
  very_likely: { bg: '#e8f5e9', fg: '#1b5e20' },
  likely: { bg: '#f1f8e9', fg: '#33691e' },
  possible: { bg: '#fff8e1', fg: '#6d4c00' },
};

/** The results' line on the serving CPE profile: the default one serves as is, another one is needed. */
function antennaLine(profile: WirelessFeasibility['cpe_profile']): string | null {
  if (!profile) return null;
  return profile.is_default ? `Serviceable with ${antennaPhrase(profile.name)}` : `Needs ${antennaPhrase(profile.name)}`;
}
