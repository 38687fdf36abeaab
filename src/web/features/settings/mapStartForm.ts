import { type MapStartSetting, mapStartSetting, type MapStartSettingInput } from '../../../common/api/mapStart.js';
import { EMBED_ZOOM_RANGE } from '../../../common/mapDefaults.js';
import type { LatLng } from '../../map/mapTypes.js';

/** The Public map form as typed: the numbers are text until checked. */
export interface MapStartInput {
  mode: MapStartSetting['mode'];
  latitude: string;
  longitude: string;
  zoom: string;
}

export type MapStartField = 'latitude' | 'longitude' | 'zoom';

/** Degrees in the form when a view is taken from the map: 5 places is about a metre. */
const DEGREE_DECIMALS = 5;
/** Zoom in the form when a view is taken from the map: tenths of a level. */
const ZOOM_DECIMALS = 1;

/** The stored setting as the form shows it (a fit-to-coverage setting leaves the fields empty). */
export function mapStartInputOf(setting: MapStartSetting): MapStartInput {
  const text = (value: number | null) => (value === null ? '' : String(value));
  return { mode: setting.mode, latitude: text(setting.latitude), longitude: text(setting.longitude), zoom: text(setting.zoom) };
}

/** The form's fields filled from a map's camera ("Use the map's current view"): a fixed start. */
export function mapStartInputFromCamera(center: LatLng, zoom: number): MapStartInput {
  const clampedZoom = Math.min(EMBED_ZOOM_RANGE.max, Math.max(EMBED_ZOOM_RANGE.min, zoom));
  return {
    mode: 'fixed',
    latitude: String(Number(center.lat.toFixed(DEGREE_DECIMALS))),
    longitude: String(Number(center.lng.toFixed(DEGREE_DECIMALS))),
    zoom: String(Number(clampedZoom.toFixed(ZOOM_DECIMALS))),
  };
}

/**
 * Checks the form with the server's own rule (src/common/api/mapStart.ts): the body to send, or the
 * message of each field in the way. Empty fields are missing values, not zero; fitting the
 * coverage ignores the fields (they are greyed out).
 */
export function checkMapStartInput(input: MapStartInput): { body: MapStartSettingInput } | { problems: Partial<Record<MapStartField, string>> } {
  const valueOf = (text: string) => (input.mode === 'coverage' || text.trim() === '' ? null : text.trim());
  const body = { mode: input.mode, latitude: valueOf(input.latitude), longitude: valueOf(input.longitude), zoom: valueOf(input.zoom) };
  const parsed = mapStartSetting.safeParse(body);
  if (parsed.success) return { body: parsed.data };
  const problems: Partial<Record<MapStartField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'latitude' || field === 'longitude' || field === 'zoom') && problems[field] === undefined) problems[field] = issue.message;
  }
  return { problems };
}
