export { KmlParseError } from './kmlParseError.js';
export { parsePackedCoverageKml } from './parseCoverageKml.js';
export type { CoverageFeatureProperties, PackedCoverageKml, PackedCoveragePlacemark } from './parseCoverageKml.js';
export { kmlTextChunks } from './readKmlSource.js';
export type { KmlSource, ReadKmlSourceOptions } from './readKmlSource.js';
export { bandAreasOf, writeBandAreasKml } from './writeBandAreasKml.js';
export type { KmlBandArea } from './writeBandAreasKml.js';
