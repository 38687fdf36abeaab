import { describe, expect, it } from 'vitest';
import type { ColorMapping } from '../../../common/api/coverageLayers.js';
import { type ColorFields, type KmlChoice, kmlColorAnalyzer } from './useKmlColorAnalysis.js';

const POLYGON = '<Polygon><outerBoundaryIs><LinearRing><coordinates>18,-34 18.1,-34 18.1,-33.9 18,-34</coordinates></LinearRing></outerBoundaryIs></Polygon>';
/** A KML document with a polygon placemark ("Area n") of each KML colour (aabbggrr), or one without a colour when none is given. */
const kml = (...colors: string[]) =>
  `<kml><Document>${colors.map((color, n) => `<Style id="s${n}"><PolyStyle><color>${color}</color></PolyStyle></Style>`).join('')}${
    colors.length === 0
      ? `<Placemark>${POLYGON}</Placemark>`
      : colors.map((_, n) => `<Placemark><name>Area ${n}</name><styleUrl>#s${n}</styleUrl>${POLYGON}</Placemark>`).join('')
  }</Document></kml>`;
const use = (color: string, sample: string, polygons = 1) => ({ color, polygons, sample, outline: expect.stringMatching(/^M.*Z$/) as unknown });
const kmlFile = (text: string, name = 'coverage.kml') => new File([text], name);

/** An analyzer over a form holding `mappings`, recording every choice state and every change to the form. */
function analyzer(mappings: ColorMapping[] = [], read?: (file: File) => Promise<string>) {
  const choices: KmlChoice[] = [];
  const applied: ColorFields[] = [];
  const run = kmlColorAnalyzer({ currentMappings: () => mappings, apply: (fields) => applied.push(fields), read, painted: async () => undefined }, (choice) => choices.push(choice));
  return { run, choices, applied, last: () => choices.at(-1) };
}

/** A read that waits until the test lets it answer. */
function heldRead() {
  const waiting = new Map<string, (text: string) => void>();
  return {
    read: (file: File) => new Promise<string>((resolve) => waiting.set(file.name, resolve)),
    answer: (name: string, text: string) => waiting.get(name)?.(text),
    asked: (name: string) => waiting.has(name),
  };
}

describe('the KML colour analysis of the layer dialog', () => {
  it('maps each colour found to the layer default, keeping earlier assignments, and switches the override off', async () => {
    const { run, applied, last } = analyzer([{ color: '#ff6600', status: 'live', description: 'Fibre' }]);
    const file = kmlFile(kml('ff0066ff', 'ff50af4c'));
    await run.choose(file);
    expect(applied).toEqual([
      {
        color_mappings: [
          { color: '#ff6600', status: 'live', description: 'Fibre' },
          { color: '#4caf50', status: 'default', description: '' },
        ],
        use_manual_override: false,
      },
    ]);
    expect(last()).toEqual({ file, problem: null, analysis: { state: 'colors', count: 2, uses: [use('#ff6600', 'Area 0'), use('#4caf50', 'Area 1')] } });
  });

  it('switches the override on, with no mappings, when the file has no colours', async () => {
    const { run, applied, last } = analyzer([{ color: '#ff6600', status: 'live', description: '' }]);
    await run.choose(kmlFile(kml()));
    expect(applied).toEqual([{ color_mappings: [], use_manual_override: true }]);
    expect(last()?.analysis).toEqual({ state: 'none' });
  });

  it('counts the polygons of each colour and leaves out colours only outlines use', async () => {
    const { run, applied, last } = analyzer();
    const text = `<kml><Document>
      <Style id="fibre"><LineStyle><color>ff000000</color></LineStyle><PolyStyle><color>ff0066ff</color></PolyStyle></Style>
      <Style id="road"><LineStyle><color>ff0000ff</color></LineStyle></Style>
      <Placemark><name>Gardens</name><styleUrl>#fibre</styleUrl><MultiGeometry>${POLYGON}${POLYGON}</MultiGeometry></Placemark>
      <Placemark><styleUrl>#fibre</styleUrl>${POLYGON}</Placemark>
      <Placemark><name>Main Road</name><styleUrl>#road</styleUrl><LineString><coordinates>18,-34 18.1,-34</coordinates></LineString></Placemark>
    </Document></kml>`;
    await run.choose(kmlFile(text));
    expect(last()?.analysis).toEqual({ state: 'colors', count: 1, uses: [use('#ff6600', 'Gardens', 3)] });
    expect(applied.map((fields) => fields.color_mappings)).toEqual([[{ color: '#ff6600', status: 'default', description: '' }]]);
  });

  it('says the analysis failed for a file that is not KML, leaving the form alone', async () => {
    const { run, applied, last } = analyzer();
    await run.choose(kmlFile('just text'));
    expect(applied).toEqual([]);
    expect(last()?.analysis).toEqual({ state: 'failed' });
  });

  it('refuses a file it cannot upload without analysing it, keeping the earlier choice', async () => {
    const { run, choices, last } = analyzer();
    const good = kmlFile(kml('ff0066ff'));
    await run.choose(good);
    await run.choose(kmlFile('x', 'coverage.txt'));
    expect(last()).toEqual({ file: good, problem: 'Choose a .kml or .kmz file.', analysis: { state: 'colors', count: 1, uses: [use('#ff6600', 'Area 0')] } });
    expect(choices.filter((choice) => choice.analysis.state === 'analyzing')).toHaveLength(1);
  });

  it('lets only the latest choice land when an earlier analysis finishes after it', async () => {
    const held = heldRead();
    const { run, applied, last } = analyzer([], held.read);
    const first = run.choose(kmlFile('x', 'first.kml'));
    await expect.poll(() => held.asked('first.kml')).toBe(true);
    const second = run.choose(kmlFile('x', 'second.kml'));
    await expect.poll(() => held.asked('second.kml')).toBe(true);
    held.answer('second.kml', kml('ff50af4c'));
    await second;
    held.answer('first.kml', kml('ff0066ff', 'fff39621'));
    await first;
    expect(applied.map((fields) => fields.color_mappings.map((mapping) => mapping.color))).toEqual([['#4caf50']]);
    expect(last()?.file?.name).toBe('second.kml');
    expect(last()?.analysis).toEqual({ state: 'colors', count: 1, uses: [use('#4caf50', 'Area 0')] });
  });

  it('drops the analysis of a file removed while it ran', async () => {
    const held = heldRead();
    const { run, applied, last } = analyzer([], held.read);
    const analysing = run.choose(kmlFile('x', 'coverage.kml'));
    await expect.poll(() => held.asked('coverage.kml')).toBe(true);
    run.clear();
    held.answer('coverage.kml', 'not kml at all');
    await analysing;
    expect(applied).toEqual([]);
    expect(last()).toEqual({ file: null, problem: null, analysis: { state: 'idle' } });
  });
});
