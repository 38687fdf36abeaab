import { z } from 'zod';
import { candidateTowerInput, type CandidateTowerInput } from '../../../common/api/footprints.js';
import { NEW_TOWER_FORM_DEFAULTS, TOWER_DEFAULTS } from '../../../common/api/towers.js';
import { textFieldRule } from '../../ui/textFieldRule.js';

/** The What if dialog's values as the inputs hold them: numbers as typed text. */
export interface WhatIfFormValues {
  latitude: string;
  longitude: string;
  height_meters: string;
  frequency_ghz: string;
  power_dbm: string;
  coverage_radius_km: string;
}

/** The candidate's fields with the API contract's rules and messages (as the tower dialog has them). */
export const whatIfForm = z.object({
  latitude: textFieldRule(candidateTowerInput.shape.latitude),
  longitude: textFieldRule(candidateTowerInput.shape.longitude),
  height_meters: textFieldRule(candidateTowerInput.shape.height_meters),
  frequency_ghz: textFieldRule(candidateTowerInput.shape.frequency_ghz),
  power_dbm: textFieldRule(candidateTowerInput.shape.power_dbm),
  coverage_radius_km: textFieldRule(candidateTowerInput.shape.coverage_radius_km),
}) satisfies z.ZodType<unknown, WhatIfFormValues>;

/** A candidate at `point` (the analysed target, else the tower dialog's start) with the tower defaults. */
export function whatIfDefaults(point: { lat: number; lng: number } | null): WhatIfFormValues {
  return {
    latitude: String(point?.lat ?? NEW_TOWER_FORM_DEFAULTS.latitude),
    longitude: String(point?.lng ?? NEW_TOWER_FORM_DEFAULTS.longitude),
    height_meters: String(NEW_TOWER_FORM_DEFAULTS.height_meters),
    frequency_ghz: String(TOWER_DEFAULTS.frequency_ghz),
    power_dbm: String(TOWER_DEFAULTS.power_dbm),
    coverage_radius_km: String(TOWER_DEFAULTS.coverage_radius_km),
  };
}

/** The request body of the validated form (no antenna above the structure). */
export function whatIfPayload(values: WhatIfFormOutput): CandidateTowerInput {
  return { ...values, antenna_height_meters: TOWER_DEFAULTS.antenna_height_meters };
}

/** "Would reach 12 of 40 logged searches without coverage within 10 km" and the like. */
export function whatIfSummary(
  result: { uncovered_searches_reached: number; uncovered_searches_in_radius: number; searches_truncated: boolean },
  radiusKm: number,
): string {
  const { uncovered_searches_reached: reached, uncovered_searches_in_radius: inRadius } = result;
  const newest = result.searches_truncated ? ' (of the newest logged)' : '';
  if (inRadius === 0) return `No logged search without coverage lies within ${radiusKm} km${newest}.`;
  const noun = inRadius === 1 ? 'search' : 'searches';
  return `Would reach ${reached} of ${inRadius} logged ${noun} without coverage within ${radiusKm} km${newest}.`;
}
export type WhatIfFormOutput = z.output<typeof whatIfForm>;

/** "3 waitlisted spots reached (of 5 within 10 km)", beside the searches: confirmed waitlist entries the candidate would serve. */
export function waitlistedSpotsSummary(result: { waitlisted_spots_reached: number; waitlisted_spots_in_radius: number }, radiusKm: number): string {
  const { waitlisted_spots_reached: reached, waitlisted_spots_in_radius: inRadius } = result;
  if (inRadius === 0) return `No waitlisted spot lies within ${radiusKm} km.`;
  return `${reached} waitlisted ${reached === 1 ? 'spot' : 'spots'} reached (of ${inRadius} within ${radiusKm} km).`;
}
