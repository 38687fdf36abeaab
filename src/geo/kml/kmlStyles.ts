import { namedStyleColor } from '../../common/kmlColors.js';

/** The colours of one KML <Style>, each "#rrggbb" or null when the style does not set it. */
export interface KmlStyle {
  polyColor: string | null;
  lineColor: string | null;
  /** PolyStyle <fill>: false means the polygon is drawn as an outline only; null: not set. */
  fill: boolean | null;
}

export function emptyStyle(): KmlStyle {
  return { polyColor: null, lineColor: null, fill: null };
}

/** A <StyleMap>'s "normal" pair: a styleUrl, an inline Style, or both (the inline one wins). */
export interface KmlStyleMapNormal {
  styleUrl: string | null;
  style: KmlStyle | null;
}

/** StyleMaps may point at StyleMaps; deeper chains than this are treated as unresolvable. */
const MAX_STYLE_HOPS = 4;

/**
 * The shared styles of a document, and the colour each placemark ends up with. Filled while the
 * document is read and consulted at its end, because a styleUrl may name a style defined later.
 */
export class KmlStyleTable {
  private readonly styles = new Map<string, KmlStyle>();
  private readonly styleMaps = new Map<string, KmlStyleMapNormal>();
  /** Resolved colour per (styleUrl, no inline style): 10,000 placemarks share a handful of urls. */
  private readonly colorByUrl = new Map<string, string | null>();

  addStyle(id: string, style: KmlStyle): void {
    this.styles.set(id, style);
  }

  addStyleMap(id: string, normal: KmlStyleMapNormal): void {
    this.styleMaps.set(id, normal);
  }

  /**
   * The "#rrggbb" a placemark is drawn with: its polygon fill colour, else its line colour (also
   * when fill is off), else the colour its style references name ("#orange", "poly-FF6600-…", see
   * namedStyleColor), else null. Inline style values override the shared style's.
   */
  placemarkColor(styleUrl: string | null, inline: KmlStyle | null): string | null {
    if (inline === null && styleUrl !== null) {
      const cached = this.colorByUrl.get(styleUrl);
      if (cached !== undefined) return cached;
      const color = this.resolveColor(styleUrl, null);
      this.colorByUrl.set(styleUrl, color);
      return color;
    }
    return this.resolveColor(styleUrl, inline);
  }

  private resolveColor(styleUrl: string | null, inline: KmlStyle | null): string | null {
    const references: string[] = [];
    const shared = styleUrl === null ? null : this.sharedStyle(styleUrl, references);
    const style: KmlStyle = {
      polyColor: inline?.polyColor ?? shared?.polyColor ?? null,
      lineColor: inline?.lineColor ?? shared?.lineColor ?? null,
      fill: inline?.fill ?? shared?.fill ?? null,
    };
    if (style.polyColor !== null && style.fill !== false) return style.polyColor;
    if (style.lineColor !== null) return style.lineColor;
    if (style.polyColor !== null) return style.polyColor;
    for (const reference of references) {
      const named = namedStyleColor(reference);
      if (named !== null) return named;
    }
    return null;
  }

  /** Follows a styleUrl (through StyleMaps' normal pairs) to a Style; records each url it passes. */
  private sharedStyle(styleUrl: string, references: string[]): KmlStyle | null {
    let url: string | null = styleUrl;
    for (let hop = 0; url !== null && hop < MAX_STYLE_HOPS; hop++) {
      references.push(url);
      const id = styleId(url);
      const style = this.styles.get(id);
      if (style) return style;
      const normal = this.styleMaps.get(id);
      if (!normal) return null;
      if (normal.style) return normal.style;
      url = normal.styleUrl;
    }
    return null;
  }
}

/** "#id" and "file.kml#id" name the style "id"; a bare "id" (sloppy but common) names it too. */
function styleId(styleUrl: string): string {
  const hash = styleUrl.lastIndexOf('#');
  return hash < 0 ? styleUrl : styleUrl.slice(hash + 1);
}
