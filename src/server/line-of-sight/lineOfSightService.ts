import type { WirelessFeasibility } from '../../common/api/coverage.js';
import type { LosResult, LosTowerResult, TerrainSource } from '../../common/api/lineOfSight.js';
import { isUsableSignal, signalBand } from '../../common/signalBands.js';
import type { ChannelWidthMHz } from '../../geo/rf/wifiSpeed.js';
import { estimatedPhyRateMbps } from '../../geo/rf/wifiSpeed.js';
import type { LatLng } from '../../geo/sphere.js';
import type { CpeProfile, RadioSettings } from '../../common/api/radioSettings.js';
import { antennaPhrase } from '../../common/antennaPhrase.js';
import { SERVICE_LIKELIHOOD_KEYS, SERVICE_LIKELIHOOD_LABELS, type ServiceLikelihood } from '../../common/serviceLikelihood.js';
import { clutterClassOf } from '../../common/api/clutterAreas.js';
import type { ClutterMap } from '../../geo/rf/clutterMap.js';
import type { ClutterAreasSnapshot } from '../clutter/clutterAreaService.js';
import { NotFoundError } from '../errors.js';
import type { FootprintReading } from '../footprints/footprintService.js';
import { defaultCpeProfile, propagationSettingsOf } from '../radio-settings/itmInputs.js';
import type { Terrain } from '../terrain/terrain.js';
import type { SectorRecord, SectorRepository } from '../towers/sectorRepository.js';
import type { TowerRepository } from '../towers/towerRepository.js';
import { linkSectorOf } from './linkSector.js';
import type { PatternCache } from './patternCache.js';
import { bestChance, isMoreLikely, type LinkCalibration, linkProbability, roundedProbability, servesProfile } from './serviceChance.js';
import {
  type AnalysedLink,
  analyseLink,
  inRange,
  type LinkRadio,
  type LinkSector,
  type LinkTower,
  outOfRangeLink,
  type TowerAntennas,
  towerDistanceM,
} from './towerLink.js';

/** The radio figures of the server's configuration (config.ts): the omni antenna's gain and the channel width of the speed estimate. */
export interface RadioConfig {
  /** TOWER_ANTENNA_GAIN_DBI: the antenna of a tower without sectors, dBi. */
  towerDbi: number;
  channelWidthMHz: ChannelWidthMHz;
}

export interface LineOfSightDeps {
  towers: Pick<TowerRepository, 'listActive' | 'find'>;
  /**
   * Every sector, read for each answer that analyses a path: one query (0.6 ms for 150 sectors on
   * SQLite, under 1 % of a check of 50 towers), and always the sectors just written, where a copy
   * per coverage revision would lag a write until the engine rebuilt.
   */
  sectors: Pick<SectorRepository, 'listAll' | 'listOf'>;
  patterns: Pick<PatternCache, 'get'>;
  terrain: Pick<Terrain, 'path' | 'sourceAt'>;
  /** The radio settings of the coverage revision answered from (RadioSettingsService.current). */
  settings: { current(): Promise<RadioSettings> };
  /** The clutter areas of the coverage revision answered from (ClutterAreaService.current): read once per revision. */
  clutter: { current(): Promise<ClutterAreasSnapshot> };
  /** The calibration of the coverage revision answered from (the measurements' CalibrationService.current): its corrections and σ. */
  calibration: { current(): Promise<LinkCalibration> };
  radio: RadioConfig;
}

/** One CPE profile's links and its best chance of service (serviceChance.ts bestChance). */
interface ProfileAnswer {
  links: LosTowerResult[];
  profile: CpeProfile;
  link: LosTowerResult | undefined;
  probability: number;
  likelihood: ServiceLikelihood | null;
}

/** What one answer's links share: the settings read once, and each tower's antennas by id. */
interface LinkContext {
  radio: LinkRadio;
  antennas: ReadonlyMap<number, TowerAntennas>;
}

/** Weakest first: an answer is only as good as the worst terrain it used. */
const SOURCE_RANK: Record<TerrainSource, number> = { flat: 0, terrarium: 1, hgt: 2 };

/** Clear links first, by signal (best first); then the rest by distance. */
function byPreference(a: LosTowerResult, b: LosTowerResult): number {
  if (a.has_line_of_sight !== b.has_line_of_sight) return a.has_line_of_sight ? -1 : 1;
  if (a.has_line_of_sight) return (b.signal_strength ?? -Infinity) - (a.signal_strength ?? -Infinity);
  return a.distance_km - b.distance_km;
}

/** A link that can carry service: clear line of sight and a signal above the Unusable band. */
export function isServiceable(link: LosTowerResult): boolean {
  return link.in_range && link.has_line_of_sight && isUsableSignal(link.signal_strength);
}

/** Line of sight from towers to a point, and what it means for wireless service there. */
export class LineOfSightService {
  constructor(private readonly deps: LineOfSightDeps) {}

  /** GET /api/line-of-sight/check: every active tower (or those named) to the target. */
  async check(target: LatLng, heightM: number, towerIds?: number[]): Promise<LosResult> {
    const active = await this.deps.towers.listActive();
    const chosen = towerIds ? active.filter((tower) => towerIds.includes(tower.id)) : active;
    return this.result(target, await this.links(chosen, target, heightM));
  }

  /** GET /api/line-of-sight/optimal: the best serviceable tower only (results empty when none). */
  async optimal(target: LatLng, heightM: number): Promise<LosResult> {
    const links = await this.links(await this.deps.towers.listActive(), target, heightM);
    const best = links.find(isServiceable);
    return { ...(await this.result(target, links)), results: best ? [best] : [] };
  }

  /** GET /api/line-of-sight/tower/{id}: one tower, active or not. */
  async forTower(id: number, target: LatLng, heightM: number): Promise<LosTowerResult> {
    const tower = await this.deps.towers.find(id);
    if (!tower) throw new NotFoundError('Tower not found');
    const context = once(async () => this.context([tower], await this.deps.sectors.listOf(tower.id)));
    return withProfile(await this.link(tower, target, heightM, context));
  }

  /** The wireless part of a coverage check from the active towers now, for an antenna `heightM` above the ground. */
  async feasibility(target: LatLng, heightM: number): Promise<WirelessFeasibility> {
    return this.feasibilityOf(await this.deps.towers.listActive(), target, heightM);
  }

  /**
   * The same from a given list of towers (the coverage engine keeps one per coverage revision).
   * Each CPE profile's best link gets a probability of service (serviceChance.ts: with line of
   * sight, Φ((signal − the profile's least usable signal) / σ), σ the calibration's spread) and its
   * words (very likely, likely, possible; none under 40 %). The profiles are tried in turn
   * (profilesInTurn): the answer is the first that reaches the best likelihood any profile reaches
   * (trying stops at very likely), with its gain and least usable signal, at `heightM` when given,
   * else at the profile's own height; wireless is available when it has words. With `footprints`
   * and no `heightM` (the coverage engine), every profile's links are read from the towers'
   * predicted footprints where ready: they are computed for the default profile, so another
   * profile's signal there is the footprint's plus its extra gain, at the default profile's height
   * (a dish mounted higher may see more than that says, never less: the map does not overclaim
   * for it), and a check stays a lookup in memory. Every other link is analysed over the terrain.
   */
  async feasibilityOf(towers: readonly LinkTower[], target: LatLng, heightM: number | null, footprints?: FootprintLookup): Promise<WirelessFeasibility> {
    const reaching = towers.filter((tower) => inRange(tower, towerDistanceM(tower, target)));
    const profiles = reaching.length > 0 ? profilesInTurn(await this.deps.settings.current()) : [];
    // A link read from a footprint names the target's clutter class too.
    const clutter = footprints && reaching.length > 0 ? (await this.deps.clutter.current()).map : undefined;
    const sigmaDb = reaching.length > 0 ? (await this.deps.calibration.current()).sigmaDb : 0;
    // The default profile's, until a profile with words answers.
    let answer: ProfileAnswer | undefined;
    const defaultGainDbi = profiles[0]?.gain_dbi ?? 0;
    for (const candidate of profiles) {
      const fromFootprints = heightM === null && footprints ? { lookup: footprints, extraGainDb: candidate.gain_dbi - defaultGainDbi, clutter } : undefined;
      const links = await this.profileLinks(reaching, target, candidate, heightM, fromFootprints);
      const chance = bestChance(links, candidate, sigmaDb);
      if (answer === undefined || isMoreLikely(chance.likelihood, answer.likelihood)) answer = { links, profile: candidate, ...chance };
      if (answer.likelihood === SERVICE_LIKELIHOOD_KEYS[0]) break;
    }
    const links = answer?.links ?? [];
    const best = answer?.likelihood ? answer.link : undefined;
    const profile = best ? answer!.profile : null;
    const rate = best ? estimatedPhyRateMbps(best.signal_strength!, this.deps.radio.channelWidthMHz) : null;
    return {
      wireless_available: best !== undefined,
      signal_quality: best ? signalBand(best.signal_strength).toLowerCase() : 'no_signal',
      towers_with_los: links.filter((link) => link.has_line_of_sight).length,
      total_towers_checked: links.length,
      tower_distances: links.map((link) => ({
        tower_id: link.tower_id,
        tower_name: link.tower_name,
        distance_km: Number(link.distance_km.toFixed(2)),
        has_line_of_sight: link.has_line_of_sight,
        signal_strength: link.signal_strength,
        path_loss_db: link.path_loss_db,
        propagation_mode: link.propagation_mode,
        antenna_pattern_db: link.antenna_pattern_db,
        sector_id: link.sector_id,
        sector_name: link.sector_name,
        probability: roundedProbability(linkProbability(link, answer!.profile, sigmaDb)),
      })),
      estimated_speed: best && rate ? `Up to ${Math.round(rate)} Mbps` : 'No Service',
      message: feasibilityMessage(best && { link: best, likelihood: answer!.likelihood! }, links, profile),
      cpe_profile: profile && { name: profile.name, gain_dbi: profile.gain_dbi, height_m: profile.height_m, is_default: profile.is_default },
      terrain_source: await this.weakestSource(links, target),
      probability: answer ? roundedProbability(answer.probability) : null,
      likelihood: answer?.likelihood ?? null,
    };
  }

  /**
   * The rule a tower's footprint reading at a spot (line of sight, its signal in dBm) makes wireless
   * available by, for the default CPE profile with the settings and calibration of now: what the
   * waitlist's matcher tells people by.
   */
  async defaultProfileRule(): Promise<(signalDbm: number) => boolean> {
    const [settings, calibration] = await Promise.all([this.deps.settings.current(), this.deps.calibration.current()]);
    return servesProfile(defaultCpeProfile(settings), calibration.sigmaDb);
  }

  /**
   * The links of `reaching` for one CPE profile, best first: from the footprints where they answer
   * (their signal raised by the profile's gain over the default's), the rest analysed.
   */
  private async profileLinks(
    reaching: readonly LinkTower[],
    target: LatLng,
    profile: CpeProfile,
    heightM: number | null,
    footprints: { lookup: FootprintLookup; extraGainDb: number; clutter: ClutterMap | undefined } | undefined,
  ): Promise<LosTowerResult[]> {
    const readings = reaching.map((tower) => footprints?.lookup.read(tower, target) ?? null);
    const context = once(async () => withCpeGain(await this.contextOf(reaching.filter((_, i) => readings[i] === null)), profile.gain_dbi));
    const assess = async (tower: LinkTower, i: number): Promise<LosTowerResult> => {
      const reading = readings[i];
      if (reading) return footprintLink(tower, target, reading, footprints!.extraGainDb, footprints!.clutter);
      return (await this.link(tower, target, heightM ?? profile.height_m, context)).result;
    };
    return (await Promise.all(reaching.map(assess))).sort(byPreference);
  }

  /** Every link analysed first, the profiles built after (see AnalysedLink). */
  private async links(towers: readonly LinkTower[], target: LatLng, heightM: number): Promise<LosTowerResult[]> {
    const context = once(() => this.contextOf(towers));
    const analysed = await Promise.all(towers.map((tower) => this.link(tower, target, heightM, context)));
    return analysed.map(withProfile).sort(byPreference);
  }

  /** `context` is asked for only when the tower is in range: an answer without any reads no settings or sectors. */
  private async link(tower: LinkTower, target: LatLng, heightM: number, context: () => Promise<LinkContext>): Promise<AnalysedLink> {
    const distance = towerDistanceM(tower, target);
    if (!inRange(tower, distance)) return { result: outOfRangeLink(tower, distance), profile: () => [] };
    const [terrain, { radio, antennas }] = await Promise.all([this.deps.terrain.path({ lat: tower.latitude, lng: tower.longitude }, target), context()]);
    return analyseLink(tower, antennas.get(tower.id) ?? null, target, terrain, heightM, radio);
  }

  /** The settings and the antennas of `towers`, from every sector stored (one query). */
  private async contextOf(towers: readonly LinkTower[]): Promise<LinkContext> {
    const wanted = new Set(towers.map((tower) => tower.id));
    return this.context(
      towers,
      (await this.deps.sectors.listAll()).filter((sector) => wanted.has(sector.tower_id)),
    );
  }

  /**
   * The settings, and the antennas of `towers` given their sectors: a tower without any sector is
   * omni (null), one whose sectors are all inactive radiates nothing (an empty list).
   */
  private async context(towers: readonly LinkTower[], sectors: readonly SectorRecord[]): Promise<LinkContext> {
    const [settings, clutter, calibration, linkSectors] = await Promise.all([
      this.deps.settings.current(),
      this.deps.clutter.current(),
      this.deps.calibration.current(),
      Promise.all(sectors.map((sector) => this.linkSector(sector))),
    ]);
    const antennas = new Map<number, LinkSector[]>();
    sectors.forEach((sector, i) => {
      const list = antennas.get(sector.tower_id) ?? [];
      const linkSector = linkSectors[i];
      if (sector.active && linkSector) list.push(linkSector);
      antennas.set(sector.tower_id, list);
    });
    const radio: LinkRadio = {
      propagation: propagationSettingsOf(settings),
      towerDbi: this.deps.radio.towerDbi,
      cpeDbi: defaultCpeProfile(settings).gain_dbi,
      clutter: clutter.map,
      ...(calibration.lookup && { calibration: calibration.lookup }),
    };
    return { radio, antennas: new Map(towers.map((tower) => [tower.id, antennas.get(tower.id) ?? null])) };
  }

  /** An active sector with its pattern read; null for an inactive one (its pattern is not needed). */
  private async linkSector(sector: SectorRecord): Promise<LinkSector | null> {
    return sector.active ? linkSectorOf(sector, this.deps.patterns) : null;
  }

  private async result(target: LatLng, links: LosTowerResult[]): Promise<LosResult> {
    return {
      target: { latitude: target.lat, longitude: target.lng },
      total_towers: links.length,
      towers_with_los: links.filter((link) => link.has_line_of_sight).length,
      results: links,
      terrain_source: await this.weakestSource(links, target),
    };
  }

  private async weakestSource(links: LosTowerResult[], target: LatLng): Promise<TerrainSource> {
    const used = links.flatMap((link) => (link.terrain_source ? [link.terrain_source] : []));
    if (used.length === 0) return this.deps.terrain.sourceAt(target.lat, target.lng);
    return used.reduce((weakest, source) => (SOURCE_RANK[source] < SOURCE_RANK[weakest] ? source : weakest));
  }
}

/** A footprint's reading with the name of the sector serving the point (null for an omni tower). */
export type NamedFootprintReading = FootprintReading & { sectorName: string | null };

/** Where the coverage engine reads towers' predicted footprints. */
export interface FootprintLookup {
  /** The tower's footprint at a point, or null when it has none ready. */
  read(tower: LinkTower, point: LatLng): NamedFootprintReading | null;
}

/**
 * A link as a footprint answers it: the verdict, the signal and the serving sector, without a
 * profile. A footprint keeps no loss terms per cell, so path_loss_db, propagation_mode and
 * antenna_pattern_db stay null (docs/api.md).
 */
function footprintLink(tower: LinkTower, target: LatLng, reading: NamedFootprintReading, extraGainDb: number, clutter: ClutterMap | undefined): LosTowerResult {
  const signal = reading.signalDbm === null ? null : Math.round((reading.signalDbm + extraGainDb) * 10) / 10;
  return {
    ...outOfRangeLink(tower, towerDistanceM(tower, target)),
    in_range: true,
    has_line_of_sight: reading.lineOfSight,
    signal_strength: signal,
    signal_band: signalBand(signal),
    fresnel_60_clear: reading.fresnel60Clear,
    terrain_source: (reading.terrainSource as TerrainSource | null) ?? null,
    sector_id: reading.sectorId,
    sector_name: reading.sectorName,
    clutter_class: clutterClassOf(clutter?.codeAt(target.lng, target.lat) ?? 0),
  };
}

/** `make` called on the first call only; every call answers its promise. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

function withProfile(link: AnalysedLink): LosTowerResult {
  return { ...link.result, profile: link.profile() };
}

/** The CPE profiles in the order a check tries them: the default, then the others as the settings list them. */
export function profilesInTurn(settings: Pick<RadioSettings, 'cpe_profiles'>): CpeProfile[] {
  const first = defaultCpeProfile(settings);
  return [first, ...settings.cpe_profiles.filter((profile) => profile !== first)];
}

function withCpeGain(context: LinkContext, cpeDbi: number): LinkContext {
  return { ...context, radio: { ...context.radio, cpeDbi } };
}

/**
 * What a visitor is told about wireless service at their address: the tower, its distance and
 * signal, then the likelihood's words; a profile other than the default is named.
 */
function feasibilityMessage(
  best: { link: LosTowerResult; likelihood: ServiceLikelihood } | undefined,
  links: LosTowerResult[],
  profile: CpeProfile | null,
): string {
  if (best) {
    const { link, likelihood } = best;
    const band = signalBand(link.signal_strength);
    // A possible link may be just under the Unusable boundary: it is a weak signal, not an unusable one.
    const quality = band === 'Unusable' ? 'weak' : band.toLowerCase();
    const verb = likelihood === 'possible' ? 'may be' : 'is';
    const offer = `Wireless service ${verb} available from ${link.tower_name}, ${link.distance_km.toFixed(1)} km away, with ${/^[aeiou]/.test(quality) ? 'an' : 'a'} ${quality} signal`;
    const needs = profile && !profile.is_default ? `, but it needs ${antennaPhrase(profile.name)}` : '';
    return `${offer}${needs}. ${SERVICE_LIKELIHOOD_LABELS[likelihood]}.`;
  }
  if (links.length === 0) return 'No wireless tower reaches this location yet.';
  if (links.some((link) => link.has_line_of_sight)) return 'A wireless tower is in range, but the signal here is too weak for service.';
  return 'A wireless tower is in range, but hills or terrain block the line of sight to this location.';
}
