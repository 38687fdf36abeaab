/**
 * Great-circle geometry on a sphere of radius EARTH_RADIUS_M. Points are { lat, lng } in degrees
 * (latitude first, north and east positive); distances are metres along the surface; bearings are
 * degrees clockwise from true north.
 */

/** Mean earth radius, metres (the sphere every distance of the product is measured on). */
export const EARTH_RADIUS_M = 6_371_000;

/** A point on the sphere: latitude and longitude, degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

const RAD = Math.PI / 180;

/** Great-circle distance between two points (haversine), metres. */
export function distanceM(a: LatLng, b: LatLng): number {
  return EARTH_RADIUS_M * centralAngle(a, b);
}

/**
 * The point a `fraction` of the way along the great circle from `a` to `b` (0 = a, 1 = b); the
 * arc length from `a` is fraction × distanceM(a, b). Two coincident points give that point.
 * Antipodal points have no single great circle: the answer is then one of them (a for fraction
 * below 0.5), which no path of this product meets.
 */
export function intermediatePoint(a: LatLng, b: LatLng, fraction: number): LatLng {
  const angle = centralAngle(a, b);
  const sinAngle = Math.sin(angle);
  if (sinAngle < 1e-12) return fraction < 0.5 ? { lat: a.lat, lng: a.lng } : { lat: b.lat, lng: b.lng };
  // Spherical linear interpolation of the two unit vectors.
  const wa = Math.sin((1 - fraction) * angle) / sinAngle;
  const wb = Math.sin(fraction * angle) / sinAngle;
  const [ax, ay, az] = unitVector(a);
  const [bx, by, bz] = unitVector(b);
  return fromVector(wa * ax + wb * bx, wa * ay + wb * by, wa * az + wb * bz);
}

/** The point `distanceM` metres from `origin` along the great circle leaving it at `bearingDeg`. */
export function destinationPoint(origin: LatLng, bearingDeg: number, distanceM: number): LatLng {
  const angle = distanceM / EARTH_RADIUS_M;
  const bearing = bearingDeg * RAD;
  const lat1 = origin.lat * RAD;
  const sinLat = Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(bearing);
  const lat2 = Math.asin(Math.min(1, Math.max(-1, sinLat)));
  const dLng = Math.atan2(Math.sin(bearing) * Math.sin(angle) * Math.cos(lat1), Math.cos(angle) - Math.sin(lat1) * sinLat);
  return { lat: lat2 / RAD, lng: normaliseLng(origin.lng + dLng / RAD) };
}

/** The bearing at `from` of the great circle to `to`, degrees clockwise from true north, 0 ≤ b < 360; 0 for coincident points. */
export function initialBearingDeg(from: LatLng, to: LatLng): number {
  const lat1 = from.lat * RAD;
  const lat2 = to.lat * RAD;
  const dLng = (to.lng - from.lng) * RAD;
  const y = Math.sin(dLng) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLng);
  if (x === 0 && y === 0) return 0;
  return (((Math.atan2(y, x) / RAD) % 360) + 360) % 360;
}

/** Angle between two points seen from the earth's centre, radians (haversine form). */
function centralAngle(a: LatLng, b: LatLng): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLng = (b.lng - a.lng) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * Math.asin(Math.sqrt(Math.min(1, h)));
}

/** Earth-centred unit vector [x, y, z] of a point (x towards 0° E on the equator, z to the north pole). */
function unitVector(p: LatLng): [number, number, number] {
  const lat = p.lat * RAD;
  const lng = p.lng * RAD;
  return [Math.cos(lat) * Math.cos(lng), Math.cos(lat) * Math.sin(lng), Math.sin(lat)];
}

function fromVector(x: number, y: number, z: number): LatLng {
  return { lat: Math.atan2(z, Math.hypot(x, y)) / RAD, lng: Math.atan2(y, x) / RAD };
}

/** Longitude folded into [-180, 180), degrees. */
function normaliseLng(lng: number): number {
  return ((((lng + 180) % 360) + 360) % 360) - 180;
}
