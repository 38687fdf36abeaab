import { type InstallOutcome, type LeadInstall, type LeadInstallRequest, leadInstallRequest } from '../../../common/api/measurements.js';
import type { ReportLead } from '../../../common/api/reports.js';
import type { Tower } from '../../../common/api/towers.js';
import { distanceM } from '../../../geo/sphere.js';
import { formatDb } from '../../ui/dbText.js';

/** The install form as typed: text until checked; blank sector, height, profile and note are left out. */
export interface LeadInstallValues {
  tower_id: string;
  /** Blank: the best serving sector is assumed. */
  sector_id: string;
  rssi_dbm: string;
  /** Blank: the profile's height. */
  height_m: string;
  /** Blank: the default profile. */
  cpe_profile: string;
  note: string;
}

export type LeadInstallProblems = Partial<Record<keyof LeadInstallValues, string>>;

/** The nearest active tower to the lead's search spot (the likeliest to have served it); the first tower without a spot. */
export function likelyTower(lead: Pick<ReportLead, 'search'>, towers: readonly Tower[]): Tower | null {
  const active = towers.filter((tower) => tower.active);
  const candidates = active.length > 0 ? active : towers;
  const spot = lead.search && lead.search.lat !== null && lead.search.lng !== null ? { lat: lead.search.lat, lng: lead.search.lng } : null;
  if (!spot) return candidates[0] ?? null;
  let best: Tower | null = null;
  let bestM = Infinity;
  for (const tower of candidates) {
    const m = distanceM(spot, { lat: tower.latitude, lng: tower.longitude });
    if (m < bestM) {
      best = tower;
      bestM = m;
    }
  }
  return best;
}

/** The form's start: the lead's recorded install when there is one, else the likeliest tower. */
export function leadInstallDefaults(install: LeadInstall, tower: Tower | null): LeadInstallValues {
  return {
    tower_id: String(install?.tower_id ?? tower?.id ?? ''),
    sector_id: install?.sector_id ? String(install.sector_id) : '',
    rssi_dbm: install?.rssi_dbm !== null && install?.rssi_dbm !== undefined ? String(install.rssi_dbm) : '',
    height_m: '',
    cpe_profile: '',
    note: '',
  };
}

const given = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());

/**
 * The request of POST /api/leads/{id}/install, checked by the API's own schema: the payload, or
 * the problems by field (the server's messages). A failed install sends no signal.
 */
export function leadInstallPayload(
  outcome: InstallOutcome,
  values: LeadInstallValues,
): { payload: LeadInstallRequest; problems: null } | { payload: null; problems: LeadInstallProblems } {
  const request = {
    outcome,
    tower_id: given(values.tower_id),
    sector_id: given(values.sector_id),
    rssi_dbm: outcome === 'installed' ? given(values.rssi_dbm) : undefined,
    height_m: given(values.height_m),
    cpe_profile: given(values.cpe_profile),
    note: given(values.note),
  };
  const parsed = leadInstallRequest.safeParse(request);
  if (parsed.success) return { payload: parsed.data, problems: null };
  const problems: LeadInstallProblems = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '') as keyof LeadInstallValues;
    if (field in values && problems[field] === undefined) problems[field] = issue.message;
  }
  return { payload: null, problems };
}

/** What a lead's row says of its install: "Installed · −62.0 dBm" or "Install failed (no signal)"; null without one. */
export function installText(install: LeadInstall): string | null {
  if (!install) return null;
  if (install.outcome === 'failed') return 'Install failed (no signal)';
  return install.rssi_dbm === null ? 'Installed' : `Installed · ${formatDb(install.rssi_dbm, 'dBm')}`;
}
