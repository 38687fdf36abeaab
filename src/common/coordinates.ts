/**
 * Coordinates typed by a person: a decimal pair
 * "lat, lng" (latitude first), or degrees-minutes-seconds with hemisphere letters such as
 * 33°55'31"S 18°25'26"E. Everything here is degrees; latitude -90..90, longitude -180..180.
 */
export interface LatLng {
  lat: number;
  lng: number;
}

export type CoordinateParse =
  | { kind: 'coordinates'; point: LatLng }
  /** Looks like coordinates but is out of range or malformed: say why, do not geocode it. */
  | { kind: 'invalid'; message: string }
  /** Not coordinates at all: a place name for the geocoder. */
  | { kind: 'text' };

const DECIMAL_PAIR = /^\s*([+-]?\d+(?:\.\d+)?)\s*[,;\s]\s*([+-]?\d+(?:\.\d+)?)\s*$/;
/** One DMS part: degrees, optional minutes and seconds (symbols optional), then N/S/E/W, or the letter first. */
const DMS_PART = String.raw`(?:([NSEW])\s*)?(\d+(?:\.\d+)?)\s*(?:°|º|d|deg|\s)\s*(?:(\d+(?:\.\d+)?)\s*(?:'|′|m|min|\s)\s*)?(?:(\d+(?:\.\d+)?)\s*(?:"|″|''|s|sec)?\s*)?([NSEW])?`;
const DMS_PAIR = new RegExp(String.raw`^\s*${DMS_PART}\s*[,;]?\s*${DMS_PART}\s*$`, 'i');

export const LATITUDE_RANGE_MESSAGE = 'Latitude must be between -90 and 90';
export const LONGITUDE_RANGE_MESSAGE = 'Longitude must be between -180 and 180';

export function parseCoordinates(input: string): CoordinateParse {
  const text = input.trim();
  const decimal = DECIMAL_PAIR.exec(text);
  if (decimal) return checked(Number(decimal[1]), Number(decimal[2]));
  const dms = DMS_PAIR.exec(text.replace(/,(?=\d)/g, '.'));
  if (dms) return fromDms(dms);
  return /\d+\s*(°|º)|\d\s*['′"″]\s*[NSEW]?/i.test(text)
    ? { kind: 'invalid', message: 'Coordinates not recognised: use "-33.92, 18.42" or 33°55\'31"S 18°25\'26"E' }
    : { kind: 'text' };
}

function checked(lat: number, lng: number): CoordinateParse {
  if (!Number.isFinite(lat) || lat < -90 || lat > 90) return { kind: 'invalid', message: LATITUDE_RANGE_MESSAGE };
  if (!Number.isFinite(lng) || lng < -180 || lng > 180) return { kind: 'invalid', message: LONGITUDE_RANGE_MESSAGE };
  return { kind: 'coordinates', point: { lat, lng } };
}

interface DmsValue {
  degrees: number;
  hemisphere: string;
}

function dmsValue(groups: (string | undefined)[]): DmsValue | string {
  const [lead, d, m, s, trail] = groups;
  const hemisphere = (lead ?? trail ?? '').toUpperCase();
  if (!hemisphere) return 'Each coordinate needs its hemisphere: N or S, E or W';
  if (lead && trail) return 'Give each hemisphere letter once';
  const minutes = m === undefined ? 0 : Number(m);
  const seconds = s === undefined ? 0 : Number(s);
  if (minutes >= 60 || seconds >= 60) return 'Minutes and seconds must be below 60';
  return { degrees: Number(d) + minutes / 60 + seconds / 3600, hemisphere };
}

function fromDms(match: RegExpExecArray): CoordinateParse {
  const first = dmsValue(match.slice(1, 6));
  const second = dmsValue(match.slice(6, 11));
  if (typeof first === 'string') return { kind: 'invalid', message: first };
  if (typeof second === 'string') return { kind: 'invalid', message: second };
  const isLat = (v: DmsValue) => v.hemisphere === 'N' || v.hemisphere === 'S';
  if (isLat(first) === isLat(second)) return { kind: 'invalid', message: 'Give one latitude (N/S) and one longitude (E/W)' };
  const [latPart, lngPart] = isLat(first) ? [first, second] : [second, first];
  const lat = latPart.hemisphere === 'S' ? -latPart.degrees : latPart.degrees;
  const lng = lngPart.hemisphere === 'W' ? -lngPart.degrees : lngPart.degrees;
  return checked(lat, lng);
}
