import { describe, expect, it } from 'vitest';
import { myMapsKmlUrl, parseMyMapsUrl } from './myMaps.js';

const MID = '1AbC-dEf_GhIjKlMnOpQrStUvWxYz';

describe('parseMyMapsUrl', () => {
  it.each([
    `https://www.google.com/maps/d/viewer?mid=${MID}`,
    `https://www.google.com/maps/d/viewer?mid=${MID}&ll=-33.9%2C18.4&z=10`,
    `https://www.google.com/maps/d/edit?mid=${MID}&usp=sharing`,
    `https://www.google.com/maps/d/u/0/viewer?mid=${MID}`,
    `https://www.google.com/maps/d/u/2/edit?mid=${MID}`,
    `https://www.google.com/maps/d/embed?mid=${MID}&ehbc=2E312F`,
    `https://www.google.com/maps/d/kml?mid=${MID}&forcekml=1`,
    `https://google.com/maps/d/viewer?mid=${MID}`,
    `  https://www.google.com/maps/d/viewer?ll=1,2&mid=${MID}  `,
  ])('reads the map id from %s', (url) => {
    expect(parseMyMapsUrl(url)).toEqual({ mapId: MID });
  });

  it.each([
    ['not a URL', 'not a url'],
    ['an empty string', ''],
    ['no map id', 'https://www.google.com/maps/d/viewer'],
    ['an empty map id', 'https://www.google.com/maps/d/viewer?mid='],
    ['a map id too short', 'https://www.google.com/maps/d/viewer?mid=abc123'],
    ['a map id with other characters', 'https://www.google.com/maps/d/viewer?mid=abc%2F..%2F123456789'],
    ['a map id too long', `https://www.google.com/maps/d/viewer?mid=${'a'.repeat(101)}`],
    ['another host', `https://evil.example.com/maps/d/viewer?mid=${MID}`],
    ['a look-alike host', `https://www.google.com.evil.example/maps/d/viewer?mid=${MID}`],
    ['Google Maps, not My Maps', `https://www.google.com/maps/place/Cape+Town?mid=${MID}`],
    ['another My Maps page', `https://www.google.com/maps/d/thumbnail?mid=${MID}`],
    ['another scheme', `ftp://www.google.com/maps/d/viewer?mid=${MID}`],
  ])('refuses %s', (_label, url) => {
    expect(parseMyMapsUrl(url)).toBeNull();
  });
});

describe('myMapsKmlUrl', () => {
  it('fills the map id into the configured template', () => {
    expect(myMapsKmlUrl('https://www.google.com/maps/d/kml?mid={mapId}&forcekml=1', MID)).toBe(`https://www.google.com/maps/d/kml?mid=${MID}&forcekml=1`);
    expect(myMapsKmlUrl('http://127.0.0.1:8080/kml/{mapId}.kml', MID)).toBe(`http://127.0.0.1:8080/kml/${MID}.kml`);
  });

  it('URL-encodes the id', () => {
    expect(myMapsKmlUrl('https://example.test/kml?mid={mapId}', 'a b&c')).toBe('https://example.test/kml?mid=a%20b%26c');
  });
});
