import type { WirelessCheck, WirelessSource } from '../coverage/wirelessCheck.js';
import type { FootprintService } from '../footprints/footprintService.js';
import type { TowerRepository } from '../towers/towerRepository.js';
import type { LineOfSightService } from './lineOfSightService.js';

/**
 * The coverage engine's wireless check: the active towers read once per coverage revision (a tower
 * or terrain change moves the revision, and starts bringing the footprints up to date), answered
 * from each tower's predicted footprint (a lookup) where it is ready, and by a live analysis over
 * the terrain where it is still being computed; both for a receiver `receiverM` above the ground,
 * the footprints' roof-mounted CPE (FOOTPRINT_RECEIVER_HEIGHT_M).
 */
export class TowerWireless implements WirelessSource {
  constructor(
    private readonly towers: Pick<TowerRepository, 'listActive'>,
    private readonly lineOfSight: Pick<LineOfSightService, 'feasibilityOf'>,
    private readonly footprints: Pick<FootprintService, 'read' | 'reconcile'>,
    private readonly receiverM: number,
  ) {}

  async load(): Promise<WirelessCheck> {
    const towers = await this.towers.listActive();
    void this.footprints.reconcile();
    return { assess: (point) => this.lineOfSight.feasibilityOf(towers, point, this.receiverM, this.footprints) };
  }
}
