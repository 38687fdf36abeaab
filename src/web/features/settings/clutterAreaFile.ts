/** What the clutter areas' file picker offers: KML, KMZ and GeoJSON (.geojson or .json). */
export const CLUTTER_FILE_ACCEPT = '.kml,.kmz,.geojson,.json';

const CLUTTER_FILE_NAME = /\.(kml|kmz|geojson|json)$/i;

/**
 * Why a chosen file cannot be a clutter area, before it is sent (the server reads its content and
 * refuses a bad one with its own message); null when it may be.
 */
export function clutterFileProblem(file: { name: string; size: number }): string | null {
  if (!CLUTTER_FILE_NAME.test(file.name)) return 'Choose a .kml, .kmz, .geojson or .json file';
  if (file.size === 0) return 'The file is empty';
  return null;
}
