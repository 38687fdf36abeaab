import { useRef, useState } from 'react';
import type { ColorMapping } from '../../../common/api/coverageLayers.js';
import { colorUses, type KmlColorUse } from '../../../common/kmlColors.js';
import { parsePackedCoverageKml } from '../../../geo/kml/parseCoverageKml.js';
import { colorOutlines } from './colorOutlines.js';
import { mappingsForColors } from './coverageLayerForm.js';
import { kmlFileProblem, readKmlText } from './kmlFile.js';

/** A colour found: its number of polygons, a sample placemark name, and a tiny map of its polygons (an SVG path, colorOutlines). */
export type ColorUseView = KmlColorUse & { outline: string | null };

/** What the analysis of the chosen file told: the colours found, each with what the dialog shows of it. */
export type KmlColorAnalysis =
  | { state: 'idle' }
  | { state: 'analyzing' }
  | { state: 'colors'; count: number; uses: ColorUseView[] }
  | { state: 'none' }
  | { state: 'failed' };

/** The chosen file, why it cannot be used (null when it can), and what its colours told. */
export interface KmlChoice {
  file: File | null;
  problem: string | null;
  analysis: KmlColorAnalysis;
}

/** The layer form's colour fields: the status of each colour, and whether one status applies to the whole layer instead. */
export interface ColorFields {
  color_mappings: ColorMapping[];
  use_manual_override: boolean;
}

/** What the analysis needs of the layer form, and how it reads a file and lets the page paint. */
export interface KmlColorAnalysisDeps {
  currentMappings: () => ColorMapping[];
  apply: (fields: ColorFields) => void;
  read?: (file: File) => Promise<string>;
  /** Resolves once the "analysing" state has painted, before a large file keeps the main thread busy. */
  painted?: () => Promise<void>;
}

export const NO_CHOICE: KmlChoice = { file: null, problem: null, analysis: { state: 'idle' } };

/**
 * Colours found become mappings (left to the layer's default status, earlier assignments kept) and
 * switch the override off; none found switch it on with no mappings.
 */
export function colorFieldsFor(colors: readonly string[], previous: readonly ColorMapping[]): ColorFields {
  return colors.length > 0 ? { color_mappings: mappingsForColors(colors, previous), use_manual_override: false } : { color_mappings: [], use_manual_override: true };
}

/**
 * The analysis of chosen KML files, outside React: each choice is checked, read and analysed,
 * and only the latest choice may land (a slow analysis of an earlier file cannot overwrite a later
 * one, nor a file removed meanwhile). `onChange` hears every new KmlChoice.
 */
export function kmlColorAnalyzer(deps: KmlColorAnalysisDeps, onChange: (choice: KmlChoice) => void) {
  const read = deps.read ?? readKmlText;
  const painted = deps.painted ?? (() => new Promise<void>((resolve) => window.setTimeout(resolve, 0)));
  let current = NO_CHOICE;
  /** Counts choices: an analysis lands only while its choice is the latest. */
  let choices = 0;
  const update = (next: Partial<KmlChoice>) => {
    current = { ...current, ...next };
    onChange(current);
  };
  return {
    async choose(file: File | undefined): Promise<void> {
      if (!file) return;
      const problem = kmlFileProblem(file);
      update({ problem });
      if (problem) return;
      const mine = ++choices;
      update({ file, analysis: { state: 'analyzing' } });
      await painted();
      let uses: ColorUseView[];
      try {
        // The server's own reader (src/geo/kml), so the dialog offers exactly the colours its polygons get.
        const { placemarks } = parsePackedCoverageKml(await read(file));
        const outlines = colorOutlines(placemarks);
        uses = colorUses(placemarks).map((use) => ({ ...use, outline: outlines.get(use.color) ?? null }));
      } catch {
        if (mine === choices) update({ analysis: { state: 'failed' } });
        return;
      }
      if (mine !== choices) return;
      deps.apply(
        colorFieldsFor(
          uses.map((use) => use.color),
          deps.currentMappings(),
        ),
      );
      update({ analysis: uses.length > 0 ? { state: 'colors', count: uses.length, uses } : { state: 'none' } });
    },
    clear(): void {
      choices += 1;
      update(NO_CHOICE);
    },
  };
}

/** The KML file chosen in the layer dialog and the analysis of its colours, which fills the form's colour fields. */
export function useKmlColorAnalysis(deps: KmlColorAnalysisDeps) {
  const [choice, setChoice] = useState<KmlChoice>(NO_CHOICE);
  // The latest form callbacks, read when an analysis lands.
  const latest = useRef(deps);
  latest.current = deps;
  const analyzer = useRef<ReturnType<typeof kmlColorAnalyzer> | null>(null);
  analyzer.current ??= kmlColorAnalyzer(
    {
      currentMappings: () => latest.current.currentMappings(),
      apply: (fields) => latest.current.apply(fields),
      read: deps.read,
      painted: deps.painted,
    },
    setChoice,
  );
  return { ...choice, choose: analyzer.current.choose, clear: analyzer.current.clear };
}
