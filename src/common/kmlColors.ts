/**
 * KML colour analysis. One module for the browser's upload dialog
 * and the server, so both find the same colours in the same order. It scans text with regular
 * expressions instead of building a DOM: it must run in Node and in the browser, on files up to
 * 50 MB, where a DOM would cost hundreds of megabytes.
 */

/** Colours that a style reference may name instead of carrying them. */
export const NAMED_STYLE_COLORS: Readonly<Record<string, string>> = {
  orange: '#ff6600',
  green: '#4caf50',
  blue: '#2196f3',
  red: '#f44336',
  yellow: '#ffeb3b',
};

const NAMED_HEXES = new Set(Object.values(NAMED_STYLE_COLORS).map((hex) => hex.slice(1)));

/**
 * KML writes colours as aabbggrr (alpha, blue, green, red); this returns "#rrggbb" in lower case,
 * dropping alpha. Also accepts bbggrr without alpha and a leading "#". Anything else: null.
 */
export function kmlColorToHex(kml: string): string | null {
  const match = /^#?([0-9a-f]{6}|[0-9a-f]{8})$/i.exec(kml.trim());
  if (!match?.[1]) return null;
  const bgr = match[1].slice(-6).toLowerCase();
  return `#${bgr.slice(4, 6)}${bgr.slice(2, 4)}${bgr.slice(0, 2)}`;
}

/**
 * The colour a style reference (a styleUrl or a Style/StyleMap id) names, or null. The reference is
 * cut into words at punctuation and camelCase humps ("#redPoly", "poly-FF6600-1200-normal",
 * "style_orange"); a word must BE a colour name or one of its hexes, so "#sharedStyle" is not red.
 */
export function namedStyleColor(reference: string): string | null {
  for (const word of reference.split(/[^A-Za-z0-9]+/)) {
    for (const part of word.split(/(?<=[a-z])(?=[A-Z])/)) {
      const lower = part.toLowerCase();
      if (NAMED_HEXES.has(lower)) return `#${lower}`;
      for (const letters of lower.split(/[^a-z]+/)) {
        const hex = NAMED_STYLE_COLORS[letters];
        if (hex) return hex;
      }
    }
  }
  return null;
}

/** Optional namespace prefix of a KML element name, e.g. "kml:" in <kml:PolyStyle>. */
const PREFIX = '(?:[A-Za-z_][\\w.-]*:)?';

/**
 * One pass finds, in document order: (1) a whole PolyStyle or LineStyle element (an empty
 * <PolyStyle/> is skipped, so it cannot reach over to a later closing tag), (2) a styleUrl's
 * text, (3) the id of a Style or StyleMap. Coordinates hold no "<", so the scan skips them quickly.
 * A style body is looked for within 4 KB of its opening tag (real ones are a few hundred bytes):
 * unbounded, every unclosed <PolyStyle> would rescan the rest of the file, quadratic in its size.
 */
const COLOR_SOURCES = new RegExp(
  [
    `<${PREFIX}(PolyStyle|LineStyle)\\b[^>]*(?<!/)>([\\s\\S]{0,4096}?)</${PREFIX}\\1\\s*>`,
    `<${PREFIX}styleUrl\\b[^>]*>([^<]*)<`,
    `<${PREFIX}(?:Style|StyleMap)\\s[^>]*?\\bid\\s*=\\s*(?:"([^"]*)"|'([^']*)')`,
  ].join('|'),
  'g',
);
const COLOR_ELEMENT = new RegExp(`<${PREFIX}color\\b[^>]*>\\s*([^<]*?)\\s*</${PREFIX}color\\s*>`);
const LOOKS_LIKE_KML = new RegExp(`<${PREFIX}(?:kml|Document|Placemark)\\b`);

/**
 * Distinct "#rrggbb" colours of a KML document in first-appearance order: the <color> of every
 * PolyStyle and LineStyle, and the colour named by style references (see namedStyleColor).
 * Throws only when the text is clearly not KML (no <kml>, <Document> or <Placemark> element).
 */
export function analyzeKmlColors(kmlText: string): string[] {
  if (!LOOKS_LIKE_KML.test(kmlText)) throw new Error('The file is not a KML document');
  const colors = new Set<string>();
  for (const match of kmlText.matchAll(COLOR_SOURCES)) {
    const [, styleKind, styleBody, styleUrl, idDouble, idSingle] = match;
    let color: string | null;
    if (styleKind !== undefined) {
      const colorText = COLOR_ELEMENT.exec(styleBody ?? '')?.[1];
      color = colorText === undefined ? null : kmlColorToHex(colorText);
    } else {
      color = namedStyleColor(styleUrl ?? idDouble ?? idSingle ?? '');
    }
    if (color) colors.add(color);
  }
  forgetLastMatch();
  return [...colors];
}

/**
 * JavaScript engines keep the input of the last successful regular-expression match for the
 * legacy RegExp.input ($_): after the scan above that is the whole document, kept alive (48 MB for
 * the benchmark file) until some other match happens. A match on the empty string lets it go.
 */
function forgetLastMatch(): void {
  /^/.test('');
}

/** A colour polygons are drawn with: how many polygons, and a placemark's name to recognise them by. */
export interface KmlColorUse {
  /** "#rrggbb". */
  color: string;
  polygons: number;
  /** The name of the first named placemark of this colour; null when none has a name. */
  sample: string | null;
}

/** What colorUses needs of a placemark (src/geo/kml reads them): its name, the colour it is drawn with, its polygons. */
export interface ColoredPlacemark {
  name: string | null;
  color: string | null;
  polygons: readonly unknown[];
}

/**
 * The colours to give a status: those polygons are drawn with (a placemark's colour, see
 * src/geo/kml/kmlStyles.ts), in first-appearance order, each with its number of polygons and a
 * sample name. Colours only lines or outlines of other placemarks use are not statuses and are
 * left out, as are placemarks without a colour (they take the layer's default status).
 */
export function colorUses(placemarks: Iterable<ColoredPlacemark>): KmlColorUse[] {
  const uses = new Map<string, KmlColorUse>();
  for (const { name, color, polygons } of placemarks) {
    if (color === null || polygons.length === 0) continue;
    const use = uses.get(color);
    if (use === undefined) uses.set(color, { color, polygons: polygons.length, sample: name });
    else {
      use.polygons += polygons.length;
      use.sample ??= name;
    }
  }
  return [...uses.values()];
}
