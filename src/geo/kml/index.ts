export { KmlParseError } from './kmlParseError.js';
export { parseCoverageKml } from './parseCoverageKml.js';
export type { CoverageFeature, CoverageFeatureProperties, ParsedCoverageKml } from './parseCoverageKml.js';
export { readKmlSource } from './readKmlSource.js';
export type { ReadKmlSourceOptions } from './readKmlSource.js';
