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
