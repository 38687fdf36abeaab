import type { ReportLead } from '../../../common/api/reports.js';

type LeadSearch = NonNullable<ReportLead['search']>;

/** The location line of a lead's search: where (`place`) and how it was chosen, with its coordinates. */
export interface LeadSearchLocation {
  place: string;
  how: string;
}

/**
 * A search logged from a map click, a dragged marker or the device location has no address (only
 * a typed or suggested place has one), so its place is its coordinates, "lat, lng" in degrees to
 * 5 decimals (about a metre), and it is not called an address search.
 */
export function leadSearchLocation(search: Pick<LeadSearch, 'search_type' | 'lat' | 'lng' | 'address'>): LeadSearchLocation {
  const coordinates = search.lat !== null && search.lng !== null ? `${search.lat.toFixed(5)}, ${search.lng.toFixed(5)}` : null;
  const address = search.address?.trim() || null;
  if (search.search_type === 'map_click') {
    return { place: coordinates ?? address ?? 'No position recorded', how: 'Point picked on the map' };
  }
  if (search.search_type === 'geolocation') {
    return { place: address ?? coordinates ?? 'No position recorded', how: coordinates && address ? `Device location · ${coordinates}` : 'Device location' };
  }
  if (address) return { place: address, how: coordinates ? `Address search · ${coordinates}` : 'Address search' };
  return coordinates ? { place: coordinates, how: 'Point picked on the map' } : { place: 'No position recorded', how: 'Search without an address or a point' };
}
