export { KmlParseError } from './kmlParseError.js';
export { parseCoverageKml, parsePackedCoverageKml } from './parseCoverageKml.js';
export type {
  CoverageFeature,
  CoverageFeatureProperties,
  PackedCoverageKml,
  PackedCoveragePlacemark,
  ParsedCoverageKml,
} from './parseCoverageKml.js';
export { readKmlSource } from './readKmlSource.js';
export type { ReadKmlSourceOptions } from './readKmlSource.js';
