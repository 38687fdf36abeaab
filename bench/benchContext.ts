/** What `npm run bench` hands every benchmark module's run(). */
export interface BenchContext {
  /** The generated benchmark KML: 10,000 polygons x 200 vertices (see generateCoverageKml.ts). */
  coverageKml: string;
}
