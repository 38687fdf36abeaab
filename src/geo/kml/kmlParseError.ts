/**
 * A file that cannot be read as coverage KML or KMZ. The message is written for the administrator
 * who uploaded the file (the server answers 400 with it), e.g. "The file is not valid KML: 3:7:
 * unclosed tag: Polygon" or "The KML file contains no polygons".
 */
export class KmlParseError extends Error {
  override readonly name = 'KmlParseError';
}
