import { describe, expect, it } from 'vitest';
import { analyzeKmlColors, colorUses, kmlColorToHex, namedStyleColor } from './kmlColors.js';

describe('kmlColorToHex', () => {
  it.each([
    ['ff0066ff', '#ff6600'],
    ['800066FF', '#ff6600'],
    ['#ff0066ff', '#ff6600'],
    ['0066ff', '#ff6600'],
    ['#50af4c', '#4caf50'],
    ['  ff3643f4\n', '#f44336'],
    ['00000000', '#000000'],
  ])('reads KML %j (aabbggrr) as %s', (kml, hex) => {
    expect(kmlColorToHex(kml)).toBe(hex);
  });

  it.each(['', 'red', '12345', 'ff0066f', 'ff0066ffa', 'gg0066ff', '##ff0066ff'])('gives null for %j', (kml) => {
    expect(kmlColorToHex(kml)).toBeNull();
  });
});

describe('namedStyleColor', () => {
  it.each([
    ['#orange', '#ff6600'],
    ['#redPoly', '#f44336'],
    ['#style_green', '#4caf50'],
    ['#Blue-area', '#2196f3'],
    ['#yellow2', '#ffeb3b'],
    ['#poly-FF6600-1200-77-normal', '#ff6600'],
    ['#poly-4CAF50-1000-128', '#4caf50'],
    ['doc.kml#coverage_2196F3', '#2196f3'],
  ])('finds the colour named by %j: %s', (reference, hex) => {
    expect(namedStyleColor(reference)).toBe(hex);
  });

  it.each(['#sharedStyle', '#preferred', '#orangered', '#poly-000000-1200', '#s1', ''])('finds none in %j', (reference) => {
    expect(namedStyleColor(reference)).toBeNull();
  });
});

function kml(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>${body}</Document></kml>`;
}

describe('analyzeKmlColors', () => {
  it('lists PolyStyle and LineStyle colours once each, in the order they first appear', () => {
    const text = kml(`
      <Style id="a"><LineStyle><color>ff0000ff</color></LineStyle><PolyStyle><color>7f00ff00</color></PolyStyle></Style>
      <Style id="b"><PolyStyle><color>7f0000ff</color><fill>1</fill></PolyStyle></Style>
      <Placemark><Style><PolyStyle><color>ffff0000</color></PolyStyle></Style></Placemark>`);
    expect(analyzeKmlColors(text)).toEqual(['#ff0000', '#00ff00', '#0000ff']);
  });

  it('ignores the colours of icons, labels and balloons', () => {
    const text = kml(`<Style id="s"><IconStyle><color>ff00ff00</color></IconStyle>
      <LabelStyle><color>ffff0000</color></LabelStyle><BalloonStyle><bgColor>ff0000ff</bgColor></BalloonStyle></Style>`);
    expect(analyzeKmlColors(text)).toEqual([]);
  });

  it('adds the colours that style ids and styleUrls name, where they appear', () => {
    const text = kml(`
      <Style id="orangeArea"><IconStyle><scale>1</scale></IconStyle></Style>
      <StyleMap id="greenMap"><Pair><key>normal</key><styleUrl>#orangeArea</styleUrl></Pair></StyleMap>
      <Style id="plain"><PolyStyle><color>ff888888</color></PolyStyle></Style>
      <Placemark><styleUrl>#blue</styleUrl></Placemark>
      <Placemark><styleUrl>#poly-F44336-1200-normal</styleUrl></Placemark>
      <Placemark><styleUrl>#sharedStyle</styleUrl></Placemark>`);
    expect(analyzeKmlColors(text)).toEqual(['#ff6600', '#4caf50', '#888888', '#2196f3', '#f44336']);
  });

  it('reads elements with a namespace prefix and attributes', () => {
    const text = `<kml:kml xmlns:kml="http://www.opengis.net/kml/2.2"><kml:Document>
      <kml:Style id='x'><kml:PolyStyle id="p"><kml:color> 7f3bebff </kml:color></kml:PolyStyle></kml:Style>
      </kml:Document></kml:kml>`;
    expect(analyzeKmlColors(text)).toEqual(['#ffeb3b']);
  });

  it('does not let an empty <PolyStyle/> swallow the document after it', () => {
    const text = kml(`<Style id="s1"><PolyStyle/></Style>
      <Placemark><styleUrl>#yellow</styleUrl></Placemark>
      <Style id="s2"><PolyStyle><color>ff0066ff</color></PolyStyle></Style>`);
    expect(analyzeKmlColors(text)).toEqual(['#ffeb3b', '#ff6600']);
  });

  it('skips colours it cannot read', () => {
    expect(analyzeKmlColors(kml('<Style><PolyStyle><color>red</color></PolyStyle></Style>'))).toEqual([]);
  });

  it('returns no colours for KML without styles', () => {
    expect(analyzeKmlColors('<Placemark><name>x</name></Placemark>')).toEqual([]);
  });

  it.each(['', 'hello', '<html><body>no</body></html>', '{"type":"FeatureCollection"}'])('throws for %j, which is not KML', (text) => {
    expect(() => analyzeKmlColors(text)).toThrow('The file is not a KML document');
  });
});

describe('analyzeKmlColors on hostile input', () => {
  it('stays linear when many PolyStyle tags are never closed', () => {
    const unclosed = `<kml><Document>${'<PolyStyle><color>ff0066ff</color>'.repeat(20_000)}</Document></kml>`;
    const started = performance.now();
    expect(analyzeKmlColors(unclosed)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('colorUses', () => {
  const placemark = (name: string | null, color: string | null, polygons = 1) => ({ name, color, polygons: Array.from({ length: polygons }) });

  it('counts the polygons of each colour, in first-appearance order, with the first name as the sample', () => {
    expect(
      colorUses([placemark(null, '#ff6600', 2), placemark('Gardens', '#ff6600'), placemark('Sea Point', '#4caf50'), placemark('Tamboerskloof', '#ff6600', 3)]),
    ).toEqual([
      { color: '#ff6600', polygons: 6, sample: 'Gardens' },
      { color: '#4caf50', polygons: 1, sample: 'Sea Point' },
    ]);
  });

  it('leaves out placemarks without a colour or without polygons', () => {
    expect(colorUses([placemark('Uncoloured', null), placemark('Road', '#0000ff', 0)])).toEqual([]);
    expect(colorUses([placemark(null, '#ff6600')])).toEqual([{ color: '#ff6600', polygons: 1, sample: null }]);
  });
});
