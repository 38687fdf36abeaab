import { strToU8, zipSync } from 'fflate';
import { multipartBody } from './multipart.js';

/** [lng, lat] pairs in degrees. */
export type Ring = [number, number][];

/** An axis-aligned square ring around (lng, lat) with half-size `half` degrees, closed. */
export function square(lng: number, lat: number, half: number): Ring {
  return [
    [lng - half, lat - half],
    [lng + half, lat - half],
    [lng + half, lat + half],
    [lng - half, lat + half],
    [lng - half, lat - half],
  ];
}

const coords = (ring: Ring) => ring.map(([lng, lat]) => `${lng},${lat},0`).join(' ');

export function polygonXml(outer: Ring, holes: Ring[] = []): string {
  const inner = holes.map((h) => `<innerBoundaryIs><LinearRing><coordinates>${coords(h)}</coordinates></LinearRing></innerBoundaryIs>`).join('');
  return `<Polygon><outerBoundaryIs><LinearRing><coordinates>${coords(outer)}</coordinates></LinearRing></outerBoundaryIs>${inner}</Polygon>`;
}

/** A placemark whose polygon fill is `kmlColor` (aabbggrr) through a shared style. */
export function placemark(name: string, styleId: string, outer: Ring, holes: Ring[] = []): string {
  return `<Placemark><name>${name}</name><styleUrl>#${styleId}</styleUrl>${polygonXml(outer, holes)}</Placemark>`;
}

export function style(id: string, kmlColor: string): string {
  return `<Style id="${id}"><LineStyle><color>${kmlColor}</color></LineStyle><PolyStyle><color>${kmlColor}</color></PolyStyle></Style>`;
}

export function kmlDocument(...parts: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>test</name>${parts.join('')}</Document></kml>`;
}

export function kmz(kml: string): Buffer {
  return Buffer.from(zipSync({ 'doc.kml': strToU8(kml) }));
}

/** KML colours (aabbggrr) of colours a style reference may name (kmlColors.ts), and the hex each becomes. */
export const ORANGE = { kml: 'ff0066ff', hex: '#ff6600' };
export const GREEN = { kml: 'ff50af4c', hex: '#4caf50' };
export const BLUE = { kml: 'fff39621', hex: '#2196f3' };

/**
 * Two provider areas near Cape Town for tests:
 * - fibre: a 0.1 deg square (orange) at 18.42,-33.92 with a hole of 0.02 deg at its centre, and a
 *   green square at 18.70,-33.92.
 */
export function fibreKml(): string {
  return kmlDocument(
    style('live', ORANGE.kml),
    style('building', GREEN.kml),
    placemark('Gardens', 'live', square(18.42, -33.92, 0.05), [square(18.42, -33.92, 0.01)]),
    placemark('Stellenbosch', 'building', square(18.7, -33.92, 0.05)),
  );
}

/** A 1x1 transparent PNG. */
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/**
 * The multipart form that uploads fibreKml() as "Cape Town fibre" for a provider, its orange
 * polygons live and its green ones in progress: the layer the reports e2e and the docs screenshots seed.
 */
export function capeTownFibreLayerForm(providerId: number): { payload: Buffer; headers: Record<string, string> } {
  return multipartBody(
    {
      name: 'Cape Town fibre',
      provider_id: String(providerId),
      services: 'Fibre',
      color_mappings: JSON.stringify([
        { color: ORANGE.hex, status: 'live' },
        { color: GREEN.hex, status: 'in_progress' },
      ]),
    },
    { field: 'kml_file', filename: 'fibre.kml', contentType: 'application/vnd.google-earth.kml+xml', bytes: Buffer.from(fibreKml()) },
  );
}
