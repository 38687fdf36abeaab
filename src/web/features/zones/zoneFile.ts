/** What the outline's file picker offers: KML, KMZ and GeoJSON (.geojson or .json), as the clutter areas read them. */
export const ZONE_FILE_ACCEPT = '.kml,.kmz,.geojson,.json';

const ZONE_FILE_NAME = /\.(kml|kmz|geojson|json)$/i;

/**
 * Why a chosen file cannot hold a zone's outline, before it is sent (the server reads its content
 * and refuses a bad one with its own message); null when it may.
 */
export function zoneFileProblem(file: { name: string; size: number }): string | null {
  if (!ZONE_FILE_NAME.test(file.name)) return 'Choose a .kml, .kmz, .geojson or .json file';
  if (file.size === 0) return 'The file is empty';
  return null;
}
