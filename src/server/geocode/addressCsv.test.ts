import { describe, expect, it } from 'vitest';
import { MAX_LISTED_ERRORS, MISSING_HEADER_MESSAGE, readAddressCsv } from './addressCsv.js';

describe('readAddressCsv', () => {
  it('reads labels with commas and quotes, and coordinates in degrees', () => {
    const csv = 'label,lat,lng\r\n"12 Main Rd, Hermanus",-34.4187,19.2345\r\n"The ""Old"" Mill",+1.5,.25\r\n';
    expect(readAddressCsv(csv)).toEqual({
      addresses: [
        { label: '12 Main Rd, Hermanus', lat: -34.4187, lng: 19.2345 },
        { label: 'The "Old" Mill', lat: 1.5, lng: 0.25 },
      ],
      errorCount: 0,
      errors: [],
    });
  });

  it('takes the columns in any order and case, ignoring extra ones', () => {
    expect(readAddressCsv(' LNG , Label,lat,note\n18.4,Home,-33.9,x').addresses).toEqual([{ label: 'Home', lat: -33.9, lng: 18.4 }]);
  });

  it('reports each bad row by its line, counting the header as line 1, and keeps the good ones', () => {
    const csv = [
      'label,lat,lng',
      'Good,-33.9,18.4',
      ',-33.9,18.4',
      'Far north,91,18.4',
      'Far east,-33.9,180.5',
      'Text,abc,18.4',
      'Hex,0x10,18.4',
      'No lng,-33.9,',
      '12 Main Rd, Hermanus,-34.4,19.2',
      '"Broken"quote,1,2',
      '---,1,2',
      `${'x'.repeat(301)},1,2`,
      '',
      ',,',
      'Last,0,0',
    ].join('\n');
    const result = readAddressCsv(csv);
    expect(result.addresses.map((a) => a.label)).toEqual(['Good', 'Last']);
    expect(result.errors).toEqual([
      { line: 3, message: 'Label is required' },
      { line: 4, message: 'Latitude must be between -90 and 90' },
      { line: 5, message: 'Longitude must be between -180 and 180' },
      { line: 6, message: 'Latitude must be a number' },
      { line: 7, message: 'Latitude must be a number' },
      { line: 8, message: 'Longitude is required' },
      { line: 9, message: 'Expected 3 fields, found 4; put a label that contains commas in double quotes' },
      { line: 10, message: 'Unexpected text after a closing quote; a quote inside a quoted field is written ""' },
      { line: 11, message: 'Label must contain letters or digits' },
      { line: 12, message: 'Label must be at most 300 characters' },
    ]);
    expect(result.errorCount).toBe(10);
  });

  it('counts every bad row but lists only the first ones', () => {
    const csv = ['label,lat,lng', ...Array.from({ length: MAX_LISTED_ERRORS + 5 }, () => 'x,200,0')].join('\n');
    const result = readAddressCsv(csv);
    expect(result.errorCount).toBe(MAX_LISTED_ERRORS + 5);
    expect(result.errors).toHaveLength(MAX_LISTED_ERRORS);
  });

  it('refuses text without a label,lat,lng header', () => {
    for (const csv of ['', '\n\n', 'Home,-33.9,18.4', 'label,latitude,longitude\nHome,1,2', '"label,lat,lng']) {
      expect(() => readAddressCsv(csv), csv).toThrow(MISSING_HEADER_MESSAGE);
    }
  });
});
