import { LRUCache } from 'lru-cache';
import type { GeoBox } from '../../geo/mapExtent.js';
import type { Footprint } from '../../geo/rf/footprint.js';
import { type DeflatedFootprint, inflatedBytes, inflateFootprint } from './deflatedFootprint.js';

/** A ready footprint as memory keeps it for checks: its grids and band areas deflated, and what a check reads beside them. */
export interface KeptFootprint {
  towerId: number;
  /** The inputs it was computed from (footprintInputs.ts): current while they are the tower's now. */
  inputsKey: string;
  terrainSource: string | null;
  /** The ids of the sectors united, in the order `servingAntenna` counts them; empty for an omni tower. */
  sectorIds: readonly number[];
  grids: DeflatedFootprint;
  /** The band areas' GeoJSON text, deflated: inflated only when the overlay's set of footprints is rebuilt. */
  areas: Uint8Array;
  /** The box (degrees) of the cells that see the tower with a signal, null when none: worked out once, when kept. */
  reach: GeoBox | null;
}

/**
 * The ready footprints of every tower, deflated (tens of KB for half a million cells, instead of
 * 1.6 MB), and the inflated grids of those read lately in one least-recently-used cache bounded in
 * bytes (FOOTPRINT_MEMORY_MB). A check on a footprint not read lately inflates it at once (a few
 * milliseconds, see grids()); the checks of one area read the same few towers, which stay inflated.
 */
export class FootprintMemory {
  private readonly kept = new Map<number, KeptFootprint>();
  /** Keyed by the deflated grids themselves: a footprint replaced never answers from the grids of the one before. */
  private readonly inflated: LRUCache<DeflatedFootprint, Footprint>;

  constructor(maxBytes: number) {
    // A footprint larger than the whole budget is inflated for each read and not kept (the cache refuses it).
    this.inflated = new LRUCache({ maxSize: maxBytes, sizeCalculation: (footprint) => Math.max(1, inflatedBytes(footprint)) });
  }

  get(towerId: number): KeptFootprint | undefined {
    return this.kept.get(towerId);
  }

  /** Keeps a tower's footprint in place of the one before, whose inflated grids go with it. */
  set(footprint: KeptFootprint): void {
    this.delete(footprint.towerId);
    this.kept.set(footprint.towerId, footprint);
  }

  delete(towerId: number): void {
    const before = this.kept.get(towerId);
    if (!before) return;
    this.inflated.delete(before.grids);
    this.kept.delete(towerId);
  }

  towerIds(): number[] {
    return [...this.kept.keys()];
  }

  /** A kept footprint's grids inflated: from the cache when read lately, else inflated now and cached. */
  grids(footprint: KeptFootprint): Footprint {
    let grids = this.inflated.get(footprint.grids);
    if (!grids) {
      grids = inflateFootprint(footprint.grids);
      this.inflated.set(footprint.grids, grids);
    }
    return grids;
  }

  /** Bytes of inflated grids held now. */
  get inflatedBytes(): number {
    return this.inflated.calculatedSize;
  }
}
