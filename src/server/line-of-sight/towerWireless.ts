import { DEFAULT_TARGET_HEIGHT_M } from '../../common/api/lineOfSight.js';
import type { WirelessCheck, WirelessSource } from '../coverage/wirelessCheck.js';
import type { TowerRepository } from '../towers/towerRepository.js';
import type { LineOfSightService } from './lineOfSightService.js';

/**
 * The coverage engine's wireless check: the active towers read once per coverage revision (a tower
 * change moves the revision), assessed at a receiver DEFAULT_TARGET_HEIGHT_M above the ground
 * (SPEC.md section 9: default wireless height 2).
 */
export class TowerWireless implements WirelessSource {
  constructor(
    private readonly towers: Pick<TowerRepository, 'listActive'>,
    private readonly lineOfSight: Pick<LineOfSightService, 'feasibilityOf'>,
  ) {}

  async load(): Promise<WirelessCheck> {
    const towers = await this.towers.listActive();
    return { assess: (point) => this.lineOfSight.feasibilityOf(towers, point, DEFAULT_TARGET_HEIGHT_M) };
  }
}
