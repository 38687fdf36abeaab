/** A point in degrees. Named fields, because MapLibre wants [lng, lat] and people say "lat, lng". */
export interface LatLng {
  lat: number;
  lng: number;
}

/** Dark is the configured basemap as is; light is the same basemap brightened (basemapStyle). */
export type MapTheme = 'dark' | 'light';
