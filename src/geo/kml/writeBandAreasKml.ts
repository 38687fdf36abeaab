import type { Feature, MultiPolygon, Position } from 'geojson';

export interface KmlBandArea {
  /** Name of the placemark, e.g. "Excellent". */
  name: string;
  /** Fill colour, "#rrggbb". */
  color: string;
  geometry: MultiPolygon;
}

/** Opacity of the fills, as KML's alpha byte (about 60%). */
const FILL_ALPHA = '99';

/**
 * A KML document of coloured areas (a footprint's signal bands), one placemark each, drawn in the
 * order given: Google Earth and our own KML upload read it back (colours from PolyStyle).
 * Coordinates are written lng,lat as KML wants.
 */
export function writeBandAreasKml(documentName: string, areas: readonly KmlBandArea[]): string {
  const styles = areas.map(
    (area, i) =>
      `<Style id="band${i}"><LineStyle><color>ff${kmlColor(area.color)}</color><width>1</width></LineStyle><PolyStyle><color>${FILL_ALPHA}${kmlColor(area.color)}</color></PolyStyle></Style>`,
  );
  const placemarks = areas.map(
    (area, i) =>
      `<Placemark><name>${escapeXml(area.name)}</name><styleUrl>#band${i}</styleUrl><MultiGeometry>${area.geometry.coordinates.map(polygonKml).join('')}</MultiGeometry></Placemark>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>${escapeXml(documentName)}</name>${styles.join('')}${placemarks.join('')}</Document></kml>\n`;
}

/** The areas of a GeoJSON band collection as KML areas, with a colour per band. */
export function bandAreasOf(features: readonly Feature<MultiPolygon, { band: string }>[], colors: Readonly<Record<string, string>>): KmlBandArea[] {
  return features.map((feature) => ({ name: feature.properties.band, color: colors[feature.properties.band] ?? '#888888', geometry: feature.geometry }));
}

function polygonKml(rings: Position[][]): string {
  const [outer, ...holes] = rings;
  if (!outer) return '';
  const inner = holes.map((ring) => `<innerBoundaryIs><LinearRing><coordinates>${coordinates(ring)}</coordinates></LinearRing></innerBoundaryIs>`).join('');
  return `<Polygon><outerBoundaryIs><LinearRing><coordinates>${coordinates(outer)}</coordinates></LinearRing></outerBoundaryIs>${inner}</Polygon>`;
}

function coordinates(ring: Position[]): string {
  return ring.map(([lng, lat]) => `${round(lng!)},${round(lat!)}`).join(' ');
}

/** Seven decimals of a degree: about 1 cm. */
function round(value: number): number {
  return Math.round(value * 1e7) / 1e7;
}

/** "#rrggbb" as KML's bbggrr. */
function kmlColor(hex: string): string {
  const rgb = hex.replace('#', '').toLowerCase();
  return `${rgb.slice(4, 6)}${rgb.slice(2, 4)}${rgb.slice(0, 2)}`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
