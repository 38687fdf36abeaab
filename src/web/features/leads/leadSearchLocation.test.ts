import { describe, expect, it } from 'vitest';
import { leadSearchLocation } from './leadSearchLocation.js';

describe("a lead's search location", () => {
  it('shows the coordinates of a map click, which has no address', () => {
    expect(leadSearchLocation({ search_type: 'address', lat: -33.93, lng: 18.45, address: null })).toEqual({
      place: '-33.93000, 18.45000',
      how: 'Point picked on the map',
    });
    expect(leadSearchLocation({ search_type: 'address', lat: -33.93, lng: 18.45, address: '  ' }).place).toBe('-33.93000, 18.45000');
  });

  it('shows the address of an address search, with its coordinates', () => {
    expect(leadSearchLocation({ search_type: 'address', lat: -33.93, lng: 18.45, address: 'Kloof Street, Gardens' })).toEqual({
      place: 'Kloof Street, Gardens',
      how: 'Address search · -33.93000, 18.45000',
    });
    expect(leadSearchLocation({ search_type: 'address', lat: null, lng: null, address: 'Kloof Street' })).toEqual({
      place: 'Kloof Street',
      how: 'Address search',
    });
  });

  it('shows the coordinates of a map click, logged as one', () => {
    expect(leadSearchLocation({ search_type: 'map_click', lat: -33.93, lng: 18.45, address: null })).toEqual({
      place: '-33.93000, 18.45000',
      how: 'Point picked on the map',
    });
  });

  it('shows the coordinates of a device location, and says when there is no position at all', () => {
    expect(leadSearchLocation({ search_type: 'geolocation', lat: -34.1, lng: 18.9, address: null })).toEqual({
      place: '-34.10000, 18.90000',
      how: 'Device location',
    });
    expect(leadSearchLocation({ search_type: 'address', lat: null, lng: null, address: null }).place).toBe('No position recorded');
  });
});
