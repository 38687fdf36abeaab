import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { kmlColorToHex } from '../../common/kmlColors.js';
import type { PackedPolygon, PackedRing } from '../packedGeometry.js';
import { KmlParseError } from './kmlParseError.js';
import { emptyStyle, KmlStyleTable, type KmlStyle, type KmlStyleMapNormal } from './kmlStyles.js';
import { parseRingCoordinates } from './parseCoordinates.js';

/** What a placemark carries besides its polygons. */
export interface CoverageFeatureProperties {
  /** The placemark's <name>, trimmed; null when absent or empty. */
  name: string | null;
  /** "#rrggbb": the polygon fill colour, else the line colour, else a colour named by its style reference. */
  color: string | null;
}

/** A placemark's polygons, packed (see packedGeometry.ts; [lng, lat] degrees, rings closed), with its name and colour. */
export interface PackedCoveragePlacemark extends CoverageFeatureProperties {
  polygons: PackedPolygon[];
}

export interface PackedCoverageKml {
  placemarks: PackedCoveragePlacemark[];
}

/**
 * Reads the polygons of a KML document with their names and colours (see KmlStyleTable for how a
 * colour is chosen). Polygons may have holes and sit in MultiGeometry (then the placemark has
 * several); points and lines are not coverage and are left out, and a placemark with no polygon
 * is dropped. Throws KmlParseError for text that is not well-formed KML or has no polygon.
 *
 * The polygons stay packed (see packedGeometry.ts), ready for the coverage index: a GeoJSON
 * position costs about 70 bytes against 16 packed, so for the 48 MB benchmark file this is the
 * difference between about 140 MB and 32 MB of coordinates.
 *
 * Streaming (saxes) rather than a DOM: an xmldom tree of that file takes about 400 MB. The text
 * may come in chunks (see kmlTextChunks), so that it is never whole in memory.
 *
 * The colours an administrator maps to statuses are those the placemarks' polygons are drawn with:
 * colorUses (src/common/kmlColors.ts) over the placemarks, in the upload dialog and on the server.
 */
export function parsePackedCoverageKml(kml: string | Iterable<string>): PackedCoverageKml {
  const reader = new CoverageKmlReader();
  const placemarks = reader.read(typeof kml === 'string' ? [kml] : kml);
  if (placemarks.length === 0) throw new KmlParseError('The KML file contains no polygons');
  return { placemarks };
}

/** Elements whose text the reader keeps, by what the text means. */
type TextRole = 'name' | 'styleUrl' | 'color' | 'fill' | 'key' | 'coordinates';

interface PlacemarkDraft {
  name: string | null;
  styleUrl: string | null;
  style: KmlStyle | null;
  polygons: PackedPolygon[];
}

const KML_ROOTS = new Set(['kml', 'Document', 'Folder', 'Placemark']);

/** A polygon being read: its outer ring (null until read) and its holes. */
interface PolygonDraft {
  outer: PackedRing | null;
  holes: PackedRing[];
}

interface StyleMapDraft {
  id: string;
  normal: KmlStyleMapNormal | null;
}

interface PairDraft {
  key: string | null;
  styleUrl: string | null;
  style: KmlStyle | null;
}

/** One pass over the document with saxes, keeping a little state about where it is. */
class CoverageKmlReader {
  private readonly styles = new KmlStyleTable();
  private readonly placemarks: PlacemarkDraft[] = [];
  /** Local names (namespace prefix removed) of the open elements, outermost first. */
  private readonly path: string[] = [];
  private placemark: PlacemarkDraft | null = null;
  /** The Style being read, and which of its sub-styles. */
  private style: KmlStyle | null = null;
  private subStyle: 'PolyStyle' | 'LineStyle' | null = null;
  private styleMap: StyleMapDraft | null = null;
  private pair: PairDraft | null = null;
  private polygon: PolygonDraft | null = null;
  private boundary: 'outer' | 'inner' | null = null;
  /** The element whose text is being kept: what it means, its depth in path, where it starts. */
  private textRole: TextRole | null = null;
  private textDepth = 0;
  private textLine = 0;
  private text = '';
  read(chunks: Iterable<string>): PackedCoveragePlacemark[] {
    const parser = new SaxesParser({ xmlns: false });
    parser.on('error', (error) => {
      // KML descriptions often carry HTML entities (&nbsp;) that XML does not define: keep reading.
      if (error.message.endsWith('undefined entity.')) return;
      throw new KmlParseError(`The file is not valid KML: ${error.message}`);
    });
    parser.on('opentag', (tag) => this.open(tag, parser.line));
    parser.on('closetag', (tag) => this.close(localName(tag.name)));
    parser.on('text', (text) => this.addText(text));
    parser.on('cdata', (text) => this.addText(text));
    let empty = true;
    for (const chunk of chunks) {
      if (empty && /\S/.test(chunk)) empty = false;
      parser.write(chunk);
    }
    if (empty) throw new KmlParseError('The file is not valid KML: the file is empty');
    parser.close();
    // Styles are resolved at the end: a styleUrl may name a style defined further down.
    return this.placemarks.map((draft) => ({
      name: draft.name,
      color: this.styles.placemarkColor(draft.styleUrl, draft.style),
      polygons: draft.polygons,
    }));
  }

  private addText(text: string): void {
    if (this.textRole !== null) this.text += text;
  }

  private open(tag: SaxesTagPlain, line: number): void {
    const name = localName(tag.name);
    const parent = this.path[this.path.length - 1];
    if (parent === undefined && !KML_ROOTS.has(name)) {
      throw new KmlParseError(`The file is not valid KML: the root element is <${tag.name}>, not <kml>`);
    }
    this.path.push(name);
    if (this.textRole !== null) return;
    switch (name) {
      case 'Placemark':
        this.placemark = { name: null, styleUrl: null, style: null, polygons: [] };
        break;
      case 'Style':
        this.openStyle(tag, parent);
        break;
      case 'PolyStyle':
      case 'LineStyle':
        if (this.style !== null) this.subStyle = name;
        break;
      case 'StyleMap': {
        const id = attribute(tag, 'id');
        this.styleMap = id === null ? null : { id, normal: null };
        break;
      }
      case 'Pair':
        if (this.styleMap !== null) this.pair = { key: null, styleUrl: null, style: null };
        break;
      case 'Polygon':
        if (this.placemark !== null) this.polygon = { outer: null, holes: [] };
        break;
      case 'outerBoundaryIs':
      case 'innerBoundaryIs':
        if (this.polygon !== null && parent === 'Polygon') this.boundary = name === 'outerBoundaryIs' ? 'outer' : 'inner';
        break;
      default:
        this.startText(name, parent, line);
    }
  }

  private openStyle(tag: SaxesTagPlain, parent: string | undefined): void {
    const style = emptyStyle();
    this.style = style;
    const id = attribute(tag, 'id');
    if (id !== null) this.styles.addStyle(id, style);
    if (parent === 'Placemark' && this.placemark !== null) this.placemark.style = style;
    else if (parent === 'Pair' && this.pair !== null) this.pair.style = style;
  }

  /** Starts keeping the element's text when it means something where it stands. */
  private startText(name: string, parent: string | undefined, line: number): void {
    const role = this.textRoleOf(name, parent);
    if (role === null) return;
    this.textRole = role;
    this.textDepth = this.path.length;
    this.textLine = line;
    this.text = '';
  }

  private textRoleOf(name: string, parent: string | undefined): TextRole | null {
    switch (name) {
      case 'coordinates':
        return parent === 'LinearRing' && this.boundary !== null ? 'coordinates' : null;
      case 'color':
        return this.subStyle !== null && parent === this.subStyle ? 'color' : null;
      case 'fill':
        return this.subStyle === 'PolyStyle' && parent === 'PolyStyle' ? 'fill' : null;
      case 'key':
        return parent === 'Pair' && this.pair !== null ? 'key' : null;
      case 'styleUrl':
        return (parent === 'Placemark' && this.placemark !== null) || (parent === 'Pair' && this.pair !== null) ? 'styleUrl' : null;
      case 'name':
        return parent === 'Placemark' && this.placemark !== null ? 'name' : null;
      default:
        return null;
    }
  }

  private close(name: string): void {
    const depth = this.path.length;
    this.path.pop();
    if (this.textRole !== null) {
      if (depth === this.textDepth) this.endText(this.textRole, this.text);
      return;
    }
    switch (name) {
      case 'Placemark':
        this.closePlacemark();
        break;
      case 'Style':
        this.style = null;
        this.subStyle = null;
        break;
      case 'PolyStyle':
      case 'LineStyle':
        this.subStyle = null;
        break;
      case 'Pair':
        if (this.pair?.key === 'normal' && this.styleMap !== null) {
          this.styleMap.normal = { styleUrl: this.pair.styleUrl, style: this.pair.style };
        }
        this.pair = null;
        break;
      case 'StyleMap':
        if (this.styleMap?.normal) this.styles.addStyleMap(this.styleMap.id, this.styleMap.normal);
        this.styleMap = null;
        break;
      case 'Polygon':
        this.closePolygon();
        break;
      case 'outerBoundaryIs':
      case 'innerBoundaryIs':
        this.boundary = null;
        break;
    }
  }

  private endText(role: TextRole, text: string): void {
    this.textRole = null;
    this.text = '';
    switch (role) {
      case 'coordinates':
        this.addRing(text);
        break;
      case 'color':
        if (this.style !== null) {
          const color = kmlColorToHex(text);
          if (this.subStyle === 'PolyStyle') this.style.polyColor = color;
          else this.style.lineColor = color;
        }
        break;
      case 'fill':
        if (this.style !== null) this.style.fill = !/^\s*(0|false)\s*$/.test(text);
        break;
      case 'key':
        if (this.pair !== null) this.pair.key = detachedCopy(text.trim());
        break;
      case 'styleUrl': {
        const url = detachedCopy(text.trim()) || null;
        if (this.pair !== null) this.pair.styleUrl = url;
        else if (this.placemark !== null) this.placemark.styleUrl = url;
        break;
      }
      case 'name':
        if (this.placemark !== null) this.placemark.name = detachedCopy(text.trim()) || null;
        break;
    }
  }

  private addRing(text: string): void {
    const ring = parseRingCoordinates(text);
    if (typeof ring === 'string') throw new KmlParseError(`The file is not valid KML: line ${this.textLine}: ${ring}`);
    // Fewer than 3 distinct vertices (4 with the closing one) enclose nothing: such a ring is skipped.
    if (ring.length < 8 || this.polygon === null) return;
    if (this.boundary === 'inner') this.polygon.holes.push(ring);
    else this.polygon.outer ??= ring;
  }

  private closePolygon(): void {
    const draft = this.polygon;
    this.polygon = null;
    // Without an outer ring (missing or degenerate) the polygon draws nothing: leave it out.
    if (draft?.outer && this.placemark !== null) this.placemark.polygons.push([draft.outer, ...draft.holes]);
  }

  private closePlacemark(): void {
    const draft = this.placemark;
    this.placemark = null;
    if (draft !== null && draft.polygons.length > 0) this.placemarks.push(draft);
  }
}

/**
 * The same text in memory of its own. V8 may keep a substring as a view into its parent: a name,
 * style id or styleUrl kept as a view of the chunk of text it was read from would keep that chunk
 * alive with the features, and with a styleUrl in every placemark that is every chunk of the file.
 */
function detachedCopy(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

function localName(qualified: string): string {
  const colon = qualified.indexOf(':');
  return colon < 0 ? qualified : qualified.slice(colon + 1);
}

function attribute(tag: SaxesTagPlain, name: string): string | null {
  const value = tag.attributes[name];
  return typeof value === 'string' && value.trim() !== '' ? detachedCopy(value.trim()) : null;
}
