import { describe, expect, it } from 'vitest';
import { FIXED_START_MISSING_MESSAGE, LATITUDE_MESSAGE, START_ZOOM_MESSAGE } from '../../../common/api/mapStart.js';
import { checkMapStartInput, mapStartInputFromCamera, mapStartInputOf } from './mapStartForm.js';

describe('the Public map form', () => {
  it('shows a fit-to-coverage setting with empty fields and a fixed one with its numbers', () => {
    expect(mapStartInputOf({ mode: 'coverage', latitude: null, longitude: null, zoom: null })).toEqual({
      mode: 'coverage',
      latitude: '',
      longitude: '',
      zoom: '',
    });
    expect(mapStartInputOf({ mode: 'fixed', latitude: -33.9, longitude: 18.4, zoom: 9.5 })).toEqual({
      mode: 'fixed',
      latitude: '-33.9',
      longitude: '18.4',
      zoom: '9.5',
    });
  });

  it('takes a map’s camera as a fixed start, rounded to 5 places and a tenth of a zoom level', () => {
    expect(mapStartInputFromCamera({ lat: -28.4512345678, lng: 21.250001 }, 11.7349)).toEqual({
      mode: 'fixed',
      latitude: '-28.45123',
      longitude: '21.25',
      zoom: '11.7',
    });
  });

  it('sends a complete fixed start, and names the field in the way otherwise', () => {
    expect(checkMapStartInput({ mode: 'fixed', latitude: ' -33.9 ', longitude: '18.4', zoom: '9' })).toEqual({
      body: { mode: 'fixed', latitude: -33.9, longitude: 18.4, zoom: 9 },
    });
    expect(checkMapStartInput({ mode: 'fixed', latitude: '95', longitude: '', zoom: '30' })).toEqual({
      problems: { latitude: LATITUDE_MESSAGE, longitude: FIXED_START_MISSING_MESSAGE, zoom: START_ZOOM_MESSAGE },
    });
    expect(checkMapStartInput({ mode: 'coverage', latitude: 'x', longitude: '', zoom: '' })).toEqual({
      body: { mode: 'coverage', latitude: null, longitude: null, zoom: null },
    });
  });
});
