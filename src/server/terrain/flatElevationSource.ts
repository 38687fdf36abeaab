import type { ElevationSource, ElevationTile } from './elevationSource.js';

/** The whole world at sea level: curvature only. */
const SEA_LEVEL: ElevationTile = { contains: () => true, heightAt: () => 0 };

/**
 * Flat ground, the last resort where no other source has data: a path then bends only with the
 * earth (bulge) and answers say terrain_source "flat". Its samples are spaced to the path.
 */
export class FlatElevationSource implements ElevationSource {
  readonly kind = 'flat' as const;

  async spacingAt(): Promise<number | null> {
    return null;
  }

  async tileAt(): Promise<ElevationTile> {
    return SEA_LEVEL;
  }
}
