export { KmlParseError } from './kmlParseError.js';
export { parsePackedCoverageKml } from './parseCoverageKml.js';
export type { CoverageFeatureProperties, PackedCoverageKml, PackedCoveragePlacemark } from './parseCoverageKml.js';
export { readKmlSource } from './readKmlSource.js';
export type { ReadKmlSourceOptions } from './readKmlSource.js';
