import type { WirelessCheck, WirelessSource } from '../coverage/wirelessCheck.js';
import type { FootprintService } from '../footprints/footprintService.js';
import type { SectorRepository } from '../towers/sectorRepository.js';
import type { TowerRepository } from '../towers/towerRepository.js';
import type { LineOfSightService } from './lineOfSightService.js';

/**
 * The coverage engine's wireless check: the active towers and the sectors' names read once per
 * coverage revision (a tower, sector or terrain change moves the revision), answered from each
 * tower's predicted footprint (a lookup in memory; while some tower has none, the ready ones are
 * read from the database again at most every few seconds) where it is ready, and by a live
 * analysis over the terrain (SRTM files, or Terrarium tiles fetched over HTTP) where it is still
 * being computed; for each CPE profile of the radio settings at its own height (the footprints are
 * the default profile's). Loading only reads: bringing the footprints up to date is wired in app.ts.
 */
export class TowerWireless implements WirelessSource {
  constructor(
    private readonly towers: Pick<TowerRepository, 'listActive'>,
    private readonly sectors: Pick<SectorRepository, 'listAll'>,
    private readonly lineOfSight: Pick<LineOfSightService, 'feasibilityOf'>,
    private readonly footprints: Pick<FootprintService, 'read'>,
  ) {}

  async load(): Promise<WirelessCheck> {
    const [towers, sectors] = await Promise.all([this.towers.listActive(), this.sectors.listAll()]);
    const sectorNames = new Map(sectors.map((sector) => [sector.id, sector.name]));
    const lookup = {
      read: (...args: Parameters<FootprintService['read']>) => {
        const reading = this.footprints.read(...args);
        return reading && { ...reading, sectorName: reading.sectorId === null ? null : (sectorNames.get(reading.sectorId) ?? null) };
      },
    };
    return { assess: (point) => this.lineOfSight.feasibilityOf(towers, point, null, lookup) };
  }
}
