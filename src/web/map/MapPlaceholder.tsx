import { BASEMAP_BACKGROUND } from './basemapStyle.js';
import type { MapTheme } from './mapTypes.js';

/** The map's ground colour where the map will be, while its code or configuration is on the way. */
export function MapPlaceholder({ theme }: { theme: MapTheme }) {
  return <div aria-busy="true" style={{ width: '100%', height: '100%', background: BASEMAP_BACKGROUND[theme] }} />;
}
