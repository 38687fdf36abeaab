/** A point in degrees. Named fields, because MapLibre wants [lng, lat] and people say "lat, lng". */
export interface LatLng {
  lat: number;
  lng: number;
}
