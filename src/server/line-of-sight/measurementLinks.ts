import { createHash } from 'node:crypto';
import type { RadioSettings } from '../../common/api/radioSettings.js';
import { areasTouching, type ClutterAreasSnapshot } from '../clutter/clutterAreaService.js';
import { patternContentHash, sectorHeightM } from '../footprints/footprintInputs.js';
import { boundsOf, type FootprintBounds } from '../footprints/footprintService.js';
import type { PredictionTarget } from '../measurements/measurementPredictionRepository.js';
import type { Prediction, PredictionLinks, TowerPredictions } from '../measurements/measurementPredictor.js';
import { defaultCpeProfile, propagationSettingsOf } from '../radio-settings/itmInputs.js';
import type { Terrain } from '../terrain/terrain.js';
import type { SectorRepository } from '../towers/sectorRepository.js';
import type { TowerRepository } from '../towers/towerRepository.js';
import { linkSectorOf } from './linkSector.js';
import type { PatternCache } from './patternCache.js';
import { analyseLink, inRange, type LinkRadio, type LinkSector, towerDistanceM } from './towerLink.js';

export interface MeasurementLinksDeps {
  towers: Pick<TowerRepository, 'find'>;
  sectors: Pick<SectorRepository, 'listOf'>;
  patterns: Pick<PatternCache, 'get'>;
  terrain: Pick<Terrain, 'path'>;
  /** What an area's terrain is made of (terrain/terrainSignature.ts), as footprints key on it. */
  terrainSignature: (bounds: FootprintBounds) => Promise<string>;
  settings: { current(): Promise<RadioSettings> };
  clutter: { current(): Promise<ClutterAreasSnapshot> };
  /** TOWER_ANTENNA_GAIN_DBI: the omni antenna of a tower without sectors, dBi. */
  towerDbi: number;
}

const sha = (value: unknown, length: number) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, length);

/**
 * The measurements' predictions (measurements/measurementPredictor.ts) as the line of sight answers
 * them: analyseLink over the same terrain, settings and clutter, from the sector the measurement
 * names (active or not: it is what the signal came from), else the best serving active one, at the
 * measurement's height with its CPE profile's gain (a profile no longer in the settings: the
 * default's). Uncalibrated: no correction is added.
 */
export class MeasurementLinks implements PredictionLinks {
  constructor(private readonly deps: MeasurementLinksDeps) {}

  async forTower(towerId: number): Promise<TowerPredictions | null> {
    const tower = await this.deps.towers.find(towerId);
    if (!tower) return null;
    const bounds = boundsOf(tower);
    const [settings, clutter, sectors, terrain] = await Promise.all([
      this.deps.settings.current(),
      this.deps.clutter.current(),
      this.deps.sectors.listOf(towerId),
      this.deps.terrainSignature(bounds),
    ]);
    const linkSectors = await Promise.all(
      sectors.map(async (sector): Promise<LinkSector & { active: boolean }> => ({
        ...(await linkSectorOf(sector, this.deps.patterns)),
        active: sector.active,
      })),
    );
    const byId = new Map(linkSectors.map((sector) => [sector.id, sector]));
    const serving = sectors.length === 0 ? null : linkSectors.filter((sector) => sector.active);
    const defaultGainDbi = defaultCpeProfile(settings).gain_dbi;
    const gains = new Map(settings.cpe_profiles.map((profile) => [profile.name.toLowerCase(), profile.gain_dbi]));
    const gainOf = (target: PredictionTarget) => (target.cpeProfile === null ? undefined : gains.get(target.cpeProfile.toLowerCase())) ?? defaultGainDbi;
    const propagation = propagationSettingsOf(settings);
    // The footprint's ingredients (footprintInputs.ts), every sector's (inactive ones too: a measurement may name one) and every profile's gain.
    const towerKey = sha(
      [
        tower.latitude,
        tower.longitude,
        tower.height_meters,
        tower.antenna_height_meters,
        tower.frequency_ghz,
        tower.power_dbm,
        tower.coverage_radius_km,
        sectors.map((sector, i) => [
          sector.id,
          sector.active,
          sector.azimuth_deg,
          sector.downtilt_deg,
          sector.frequency_ghz,
          sector.power_dbm,
          sectorHeightM(tower, sector),
          patternContentHash(linkSectors[i]!.pattern),
        ]),
        propagation,
        areasTouching(clutter, [bounds.west, bounds.south, bounds.east, bounds.north]).map((area) => area.contentHash),
        this.deps.towerDbi,
        terrain,
      ],
      32,
    );
    const radio: LinkRadio = { propagation, towerDbi: this.deps.towerDbi, cpeDbi: defaultGainDbi, clutter: clutter.map };
    const keyOf = (target: PredictionTarget) => `${towerKey}:${sha([target.lat, target.lng, target.heightM, target.sectorId, gainOf(target)], 16)}`;
    const predict = async (target: PredictionTarget): Promise<Prediction> => {
      const spot = { lat: target.lat, lng: target.lng };
      const distanceM = towerDistanceM(tower, spot);
      if (!inRange(tower, distanceM)) return { predictedDbm: null, lineOfSight: null, sectorId: null, distanceM, clutterClass: null };
      const named = target.sectorId === null ? undefined : byId.get(target.sectorId);
      const antennas = named ? [named] : serving;
      const path = await this.deps.terrain.path({ lat: tower.latitude, lng: tower.longitude }, spot);
      const { result } = analyseLink(tower, antennas, spot, path, target.heightM, { ...radio, cpeDbi: gainOf(target) });
      // A tower whose sectors are all inactive radiates nothing: no prediction, as out of range.
      if (result.signal_strength === null) return { predictedDbm: null, lineOfSight: null, sectorId: null, distanceM, clutterClass: null };
      return {
        predictedDbm: result.signal_strength,
        lineOfSight: result.has_line_of_sight,
        sectorId: result.sector_id,
        distanceM,
        clutterClass: result.clutter_class,
      };
    };
    return { towerKey, keyOf, predict };
  }
}
