import type { WirelessCheck, WirelessSource } from '../coverage/wirelessCheck.js';
import type { FootprintService } from '../footprints/footprintService.js';
import type { TowerRepository } from '../towers/towerRepository.js';
import type { LineOfSightService } from './lineOfSightService.js';

/**
 * The coverage engine's wireless check: the active towers read once per coverage revision (a tower
 * or terrain change moves the revision), answered from each tower's predicted footprint (a lookup
 * in memory; while some tower has none, the ready ones are read from the database again at most
 * every few seconds) where it is ready, and by a live analysis over the terrain (SRTM files, or
 * Terrarium tiles fetched over HTTP) where it is still being computed; for
 * each CPE profile of the radio settings at its own height (the footprints are the default profile's).
 * Loading only reads the towers: bringing the footprints up to date is wired in app.ts.
 */
export class TowerWireless implements WirelessSource {
  constructor(
    private readonly towers: Pick<TowerRepository, 'listActive'>,
    private readonly lineOfSight: Pick<LineOfSightService, 'feasibilityOf'>,
    private readonly footprints: Pick<FootprintService, 'read'>,
  ) {}

  async load(): Promise<WirelessCheck> {
    const towers = await this.towers.listActive();
    return { assess: (point) => this.lineOfSight.feasibilityOf(towers, point, null, this.footprints) };
  }
}
