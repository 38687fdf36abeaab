import { describe, expect, it } from 'vitest';
import { colorUses } from '../../common/kmlColors.js';
import { KmlParseError } from './kmlParseError.js';
import { parseCoverageKml } from '../testing/parseCoverageKml.js';
import { parsePackedCoverageKml } from './parseCoverageKml.js';

function kml(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document>${body}</Document></kml>`;
}

const SQUARE = '0,0,0 1,0,0 1,1,0 0,1,0 0,0,0';

function polygon(coordinates = SQUARE, holes: string[] = []): string {
  const inner = holes.map((hole) => `<innerBoundaryIs><LinearRing><coordinates>${hole}</coordinates></LinearRing></innerBoundaryIs>`);
  return `<Polygon><outerBoundaryIs><LinearRing><coordinates>${coordinates}</coordinates></LinearRing></outerBoundaryIs>${inner.join('')}</Polygon>`;
}

function placemark(inner: string, name = 'Area'): string {
  return `<Placemark><name>${name}</name>${inner}</Placemark>`;
}

function onlyColor(text: string): string | null {
  const { features } = parseCoverageKml(text);
  expect(features).toHaveLength(1);
  return features[0]?.properties.color ?? null;
}

describe('parseCoverageKml: geometry', () => {
  it('reads a polygon as GeoJSON [lng, lat] with the altitude dropped', () => {
    const { features } = parseCoverageKml(kml(placemark(polygon('28.1,-25.7,1200 28.2,-25.7,1200 28.2,-25.6,1200 28.1,-25.7,1200'))));
    expect(features).toEqual([
      {
        type: 'Feature',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [28.1, -25.7],
              [28.2, -25.7],
              [28.2, -25.6],
              [28.1, -25.7],
            ],
          ],
        },
        properties: { name: 'Area', color: null },
      },
    ]);
  });

  it('keeps holes as the rings after the outer one', () => {
    const { features } = parseCoverageKml(kml(placemark(polygon('0,0 10,0 10,10 0,10 0,0', ['4,4 6,4 6,6 4,6 4,4', '1,1 2,1 2,2 1,1']))));
    const geometry = features[0]?.geometry;
    expect(geometry?.type).toBe('Polygon');
    expect(geometry?.coordinates).toHaveLength(3);
    expect(geometry?.coordinates[1]).toEqual([
      [4, 4],
      [6, 4],
      [6, 6],
      [4, 6],
      [4, 4],
    ]);
  });

  it('closes a ring the file leaves open, and reads tuples split by newlines, tabs and spaces around commas', () => {
    const { features } = parseCoverageKml(kml(placemark(polygon('\n\t0,0 \n 2 , 0\n\t2, 2\n'))));
    expect(features[0]?.geometry.coordinates).toEqual([
      [
        [0, 0],
        [2, 0],
        [2, 2],
        [0, 0],
      ],
    ]);
  });

  it('turns a MultiGeometry of polygons into a MultiPolygon and leaves out its points and lines', () => {
    const body = placemark(`<MultiGeometry>${polygon()}<Point><coordinates>5,5</coordinates></Point>
      <LineString><coordinates>0,0 9,9</coordinates></LineString>${polygon('5,5 6,5 6,6 5,5')}</MultiGeometry>`);
    const geometry = parseCoverageKml(kml(body)).features[0]?.geometry;
    expect(geometry?.type).toBe('MultiPolygon');
    expect(geometry?.coordinates).toHaveLength(2);
  });

  it('reads polygons in nested MultiGeometry', () => {
    const body = placemark(`<MultiGeometry><MultiGeometry>${polygon()}</MultiGeometry><MultiGeometry>${polygon()}</MultiGeometry></MultiGeometry>`);
    expect(parseCoverageKml(kml(body)).features[0]?.geometry.type).toBe('MultiPolygon');
  });

  it('makes a MultiGeometry of one polygon and a line a Polygon', () => {
    const body = placemark(`<MultiGeometry>${polygon()}<LineString><coordinates>0,0 9,9</coordinates></LineString></MultiGeometry>`);
    expect(parseCoverageKml(kml(body)).features[0]?.geometry.type).toBe('Polygon');
  });

  it('drops placemarks without a polygon: points, lines, a bare LinearRing', () => {
    const body = [
      placemark('<Point><coordinates>1,1</coordinates></Point>', 'point'),
      placemark('<LineString><coordinates>0,0 1,1</coordinates></LineString>', 'line'),
      placemark(`<LinearRing><coordinates>${SQUARE}</coordinates></LinearRing>`, 'ring'),
      placemark(polygon(), 'kept'),
    ].join('');
    expect(parseCoverageKml(kml(body)).features.map((feature) => feature.properties.name)).toEqual(['kept']);
  });

  it('skips rings of fewer than three vertices', () => {
    const body = placemark(`<MultiGeometry>${polygon('0,0 1,1 0,0')}${polygon(SQUARE, ['0.2,0.2 0.4,0.4'])}</MultiGeometry>`);
    const square = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ];
    expect(parseCoverageKml(kml(body)).features[0]?.geometry).toEqual({ type: 'Polygon', coordinates: [square] });
  });

  it('finds placemarks in nested folders and with the kml: namespace prefix', () => {
    const text = `<kml:kml xmlns:kml="http://www.opengis.net/kml/2.2"><kml:Document><kml:Folder><kml:Folder>
      <kml:Placemark><kml:name>deep</kml:name><kml:Polygon><kml:outerBoundaryIs><kml:LinearRing>
      <kml:coordinates>${SQUARE}</kml:coordinates></kml:LinearRing></kml:outerBoundaryIs></kml:Polygon></kml:Placemark>
      </kml:Folder></kml:Folder></kml:Document></kml:kml>`;
    expect(parseCoverageKml(text).features[0]?.properties.name).toBe('deep');
  });

  it('reads names with entities and CDATA, and gives null for a missing or blank name', () => {
    const body = [
      placemark(polygon(), 'R&amp;D &lt;north&gt;'),
      placemark(polygon(), '<![CDATA[Zone <b>1</b>]]>'),
      placemark(polygon(), '  '),
      `<Placemark>${polygon()}</Placemark>`,
    ].join('');
    expect(parseCoverageKml(kml(body)).features.map((feature) => feature.properties.name)).toEqual(['R&D <north>', 'Zone <b>1</b>', null, null]);
  });

  it('keeps reading past HTML entities that XML does not define, in descriptions', () => {
    const body = `<Placemark><name>a</name><description>Fibre&nbsp;and LTE</description>${polygon()}</Placemark>`;
    expect(parseCoverageKml(kml(body)).features).toHaveLength(1);
  });
});

describe('parseCoverageKml: colours', () => {
  it('takes the fill colour of an inline Style', () => {
    expect(
      onlyColor(kml(placemark(`<Style><LineStyle><color>ff000000</color></LineStyle><PolyStyle><color>7f0066ff</color></PolyStyle></Style>${polygon()}`))),
    ).toBe('#ff6600');
  });

  it('follows a styleUrl to a shared Style', () => {
    const text = kml(`<Style id="live"><PolyStyle><color>ff50af4c</color></PolyStyle></Style>${placemark(`<styleUrl>#live</styleUrl>${polygon()}`)}`);
    expect(onlyColor(text)).toBe('#4caf50');
  });

  it('resolves a style defined after the placemark that uses it', () => {
    const text = kml(`${placemark(`<styleUrl>#late</styleUrl>${polygon()}`)}<Style id="late"><PolyStyle><color>fff39621</color></PolyStyle></Style>`);
    expect(onlyColor(text)).toBe('#2196f3');
  });

  it("uses a StyleMap's normal pair, not its highlight", () => {
    const text = kml(`
      <Style id="n"><PolyStyle><color>ff3643f4</color></PolyStyle></Style>
      <Style id="h"><PolyStyle><color>ff00ff00</color></PolyStyle></Style>
      <StyleMap id="m"><Pair><key>highlight</key><styleUrl>#h</styleUrl></Pair><Pair><key>normal</key><styleUrl>#n</styleUrl></Pair></StyleMap>
      ${placemark(`<styleUrl>#m</styleUrl>${polygon()}`)}`);
    expect(onlyColor(text)).toBe('#f44336');
  });

  it('reads a Style written inside a StyleMap pair', () => {
    const text = kml(`<StyleMap id="m"><Pair><key>normal</key><Style><PolyStyle><color>ff3bebff</color></PolyStyle></Style></Pair></StyleMap>
      ${placemark(`<styleUrl>#m</styleUrl>${polygon()}`)}`);
    expect(onlyColor(text)).toBe('#ffeb3b');
  });

  it('lets an inline Style override the shared one, colour by colour', () => {
    const text = kml(`<Style id="s"><LineStyle><color>ff0000ff</color></LineStyle><PolyStyle><color>ff00ff00</color></PolyStyle></Style>
      ${placemark(`<styleUrl>#s</styleUrl><Style><PolyStyle><color>ffff0000</color></PolyStyle></Style>${polygon()}`)}`);
    expect(onlyColor(text)).toBe('#0000ff');
  });

  it('falls back to the line colour without a fill colour, or when fill is off', () => {
    expect(onlyColor(kml(placemark(`<Style><LineStyle><color>ff0000ff</color></LineStyle></Style>${polygon()}`)))).toBe('#ff0000');
    const unfilled = `<Style><LineStyle><color>ff0000ff</color></LineStyle><PolyStyle><color>ff00ff00</color><fill>0</fill></PolyStyle></Style>`;
    expect(onlyColor(kml(placemark(`${unfilled}${polygon()}`)))).toBe('#ff0000');
  });

  it('takes the colour a styleUrl names when no style resolves it', () => {
    expect(onlyColor(kml(placemark(`<styleUrl>#orange</styleUrl>${polygon()}`)))).toBe('#ff6600');
    expect(onlyColor(kml(placemark(`<styleUrl>#poly-4CAF50-1200-77</styleUrl>${polygon()}`)))).toBe('#4caf50');
    const iconOnly = `<Style id="blueZone"><IconStyle><scale>1</scale></IconStyle></Style>`;
    expect(onlyColor(kml(`${iconOnly}${placemark(`<styleUrl>#blueZone</styleUrl>${polygon()}`)}`))).toBe('#2196f3');
  });

  it('gives null when nothing sets or names a colour', () => {
    expect(onlyColor(kml(placemark(`<styleUrl>#missing</styleUrl>${polygon()}`)))).toBeNull();
    expect(onlyColor(kml(placemark(polygon())))).toBeNull();
  });
});

describe('parsePackedCoverageKml', () => {
  it('reads the text in chunks cut anywhere as it reads it whole', () => {
    const text = kml(`<Style id="s"><PolyStyle><color>ff00ff00</color></PolyStyle></Style>
      ${placemark(`<styleUrl>#s</styleUrl>${polygon('0,0 2,0 2,2 0,0', ['1,0.2 1.5,0.2 1.5,0.7 1,0.2'])}`, 'Zoë')}${placemark(polygon(), 'B &amp; C')}`);
    const whole = parsePackedCoverageKml(text);
    for (const size of [1, 7, 64]) {
      const chunks = Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));
      expect(parsePackedCoverageKml(chunks)).toEqual(whole);
    }
    expect(whole.placemarks.map((placemark) => placemark.name)).toEqual(['Zoë', 'B & C']);
  });

  it('calls text of only whitespace chunks an empty file', () => {
    expect(() => parsePackedCoverageKml(['  ', '\n', ''])).toThrow(new KmlParseError('The file is not valid KML: the file is empty'));
  });

  it('gives the same placemarks with the rings packed as [lng0, lat0, lng1, lat1, …]', () => {
    const text = kml(
      `<Style id="s"><PolyStyle><color>ff00ff00</color></PolyStyle></Style>${placemark(`<styleUrl>#s</styleUrl>${polygon('0,0 2,0 2,2 0,0', ['1,0.2 1.5,0.2 1.5,0.7 1,0.2'])}`)}`,
    );
    const { placemarks } = parsePackedCoverageKml(text);
    expect(colorUses(placemarks).map((use) => use.color)).toEqual(['#00ff00']);
    expect(placemarks).toHaveLength(1);
    expect(placemarks[0]?.name).toBe('Area');
    expect(placemarks[0]?.color).toBe('#00ff00');
    expect(placemarks[0]?.polygons.map((rings) => rings.map((ring) => Array.from(ring)))).toEqual([
      [
        [0, 0, 2, 0, 2, 2, 0, 0],
        [1, 0.2, 1.5, 0.2, 1.5, 0.7, 1, 0.2],
      ],
    ]);
  });
});

describe('parseCoverageKml: bad files', () => {
  it.each([
    ['', 'The file is not valid KML: the file is empty'],
    ['   \n', 'The file is not valid KML: the file is empty'],
    ['hello', 'The file is not valid KML: 1:5: text data outside of root node.'],
    ['<svg><path/></svg>', 'The file is not valid KML: the root element is <svg>, not <kml>'],
    [`<kml><Document>${placemark(polygon())}`, 'The file is not valid KML'],
    ['<kml><Document><Placemark></Document></kml>', 'The file is not valid KML'],
    [kml(placemark('<Point><coordinates>1,1</coordinates></Point>')), 'The KML file contains no polygons'],
    [kml(''), 'The KML file contains no polygons'],
    [kml(placemark(polygon('0,0 1,0 abc,1 0,0'))), 'The file is not valid KML: line 2: "abc,1" is not a number'],
    [kml(placemark(polygon('0,0 1 1,1 0,0'))), 'The file is not valid KML: line 2: the coordinate "1" has no latitude'],
    [kml(placemark(polygon('0,0 1,95 1,1 0,0'))), 'The file is not valid KML: line 2: the coordinate 1,95 is outside longitude -180..180, latitude -90..90'],
  ])('rejects %j: %s', (text, message) => {
    let thrown: unknown;
    try {
      parseCoverageKml(text);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(KmlParseError);
    expect((thrown as Error).message).toContain(message);
  });
});
