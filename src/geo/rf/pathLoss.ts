/**
 * The loss of one path under the radio settings (docs/radio-model.md): the model they choose (ITM,
 * or free space plus one knife edge) over the terrain with the clutter added (each sample's clutter
 * area's class height, else the uniform height), plus the extra loss of the class the receiver
 * stands in, and the geometric analysis (line of sight, Fresnel zone, required height) over the
 * same cluttered terrain.
 * Distances and heights in metres, losses in dB (positive: weaker). Pure: no I/O.
 */
import { itmPointToPoint } from './itm/pointToPoint.js';
import type { ItmErrorName, ItmWarningName } from './itm/parameters.js';
import type { PropagationMode } from './itm/pointToPoint.js';
import { analysePath, type PathAnalysis } from './pathProfile.js';
import { type ClutterClassCodes, clutterExtraLossOf, clutterHeightOf, type PropagationModel, type PropagationSettings } from './propagationSettings.js';
import { freeSpacePathLossDb } from './radio.js';

export interface LossPath {
  /**
   * Distance of each sample from the transmitter, metres, at **equal spacing** (ITM reads the
   * profile as evenly spaced): first 0, last the whole path. Terrain.path gives this, since
   * pathSamples places sample i at i/(n − 1) of the path.
   */
  distancesM: Float64Array;
  /** Bare terrain at each sample, metres above sea level (no clutter). */
  terrainM: Float64Array;
  /** Transmitting antenna above ground at sample 0, receiving antenna above ground at the last, metres. */
  txAntennaM: number;
  rxAntennaM: number;
  frequencyHz: number;
  /**
   * The clutter class of each sample (propagationSettings.ts ClutterClassCodes; clutterMap.ts gives
   * them): a sample inside an area takes its class's height instead of the uniform one, and the
   * last sample's class (the receiver's) adds its extra loss. Absent: every sample outside every area.
   */
  clutterCodes?: ClutterClassCodes;
}

export interface PathLoss {
  /** The model that gave `totalDb`: the settings' own, or free_space_knife_edge when ITM refused the path. */
  model: PropagationModel;
  /** The path's loss under `model`, clutter included, dB. */
  totalDb: number;
  /** Free-space loss over the path's length, dB. */
  freeSpaceDb: number;
  /** The knife-edge loss of the worst obstacle of the cluttered path (J(v)), dB, under either model. */
  diffractionDb: number;
  /** ITM's loss, dB; null unless ITM gave the total. */
  itmDb: number | null;
  /** totalDb minus the same model's total over the bare terrain (so the receiver's extra loss included), dB; 0 without clutter. */
  clutterDb: number;
  /** ITM's propagation mode; null unless ITM gave the total. */
  mode: PropagationMode | null;
  /** ITM's warnings on the path (empty unless ITM gave the total). */
  warnings: ItmWarningName[];
  /** Why ITM refused the path when the settings chose it and free space plus knife edge stood in; else null. */
  itmRefusal: ItmErrorName | null;
}

export interface PathLossResult extends PathLoss {
  /** The geometric analysis over the cluttered terrain: the verdict, the Fresnel figures, the required height. */
  analysis: PathAnalysis;
}

/**
 * The terrain with clutter added to every sample strictly between the ends, as SPLAT!'s `-gc`:
 * `clutterM` metres everywhere, or per sample (clutterM[i] on sample i). The ends are where the
 * antennas stand, whose heights are above the ground itself. The same array when nothing is added.
 */
export function withClutter(terrainM: Float64Array, clutterM: number | ArrayLike<number>): Float64Array {
  const at = typeof clutterM === 'number' ? () => clutterM : (i: number) => clutterM[i]!;
  let any = false;
  for (let i = 1; i < terrainM.length - 1 && !any; i++) any = at(i) !== 0;
  if (!any) return terrainM;
  const cluttered = Float64Array.from(terrainM);
  for (let i = 1; i < cluttered.length - 1; i++) cluttered[i]! += at(i);
  return cluttered;
}

/**
 * Each sample's clutter height, metres: its area's class height, or the uniform height outside
 * every area (where areas overlap, clutterMap.ts has already chosen the one uploaded last).
 */
export function clutterHeightsAlong(codes: ClutterClassCodes, settings: Pick<PropagationSettings, 'clutterHeightM' | 'clutterClasses'>): Float64Array {
  const heights = new Float64Array(codes.length);
  for (let i = 0; i < codes.length; i++) heights[i] = clutterHeightOf(settings, codes[i]!);
  return heights;
}

interface ModelLoss {
  model: PropagationModel;
  totalDb: number;
  itmDb: number | null;
  mode: PropagationMode | null;
  warnings: ItmWarningName[];
  itmRefusal: ItmErrorName | null;
}

/** The loss of the path under the settings, and its geometric analysis, both over the cluttered terrain. */
export function pathLoss(path: LossPath, settings: PropagationSettings): PathLossResult {
  const lengthM = path.distancesM[path.distancesM.length - 1] ?? 0;
  const freeSpaceDb = freeSpacePathLossDb(Math.max(lengthM, 1), path.frequencyHz);
  const codes = path.clutterCodes;
  const cluttered = withClutter(path.terrainM, codes ? clutterHeightsAlong(codes, settings) : settings.clutterHeightM);
  const analysis = analysePath({ ...path, terrainM: cluttered });
  const loss = modelLoss(path, cluttered, settings, settings.model, freeSpaceDb, analysis.diffractionLossDb);
  let clutterDb = 0;
  if (cluttered !== path.terrainM) {
    // The same model over the bare terrain; its knife edge needs the bare path's own analysis.
    const bareKnifeEdge = () => analysePath(path).diffractionLossDb;
    const bare = modelLoss(path, path.terrainM, settings, loss.model, freeSpaceDb, bareKnifeEdge);
    clutterDb = loss.totalDb - bare.totalDb;
  }
  // The receiver's surroundings (terminal clutter loss): the extra loss of the class it stands in.
  // The transmitter gets none: towers stand above their clutter.
  const rxExtraDb = codes && codes.length > 0 ? clutterExtraLossOf(settings, codes[codes.length - 1]!) : 0;
  return {
    ...loss,
    totalDb: loss.totalDb + rxExtraDb,
    freeSpaceDb,
    diffractionDb: analysis.diffractionLossDb,
    clutterDb: clutterDb + rxExtraDb,
    analysis,
  };
}

/** The loss over `terrainM` by `model`; ITM falls back to free space plus knife edge when it refuses the path. */
function modelLoss(
  path: LossPath,
  terrainM: Float64Array,
  settings: PropagationSettings,
  model: PropagationModel,
  freeSpaceDb: number,
  knifeEdgeDb: number | (() => number),
): ModelLoss {
  const knifeEdge = () => (typeof knifeEdgeDb === 'number' ? knifeEdgeDb : knifeEdgeDb());
  const fallback = (itmRefusal: ItmErrorName | null): ModelLoss => ({
    model: 'free_space_knife_edge',
    totalDb: freeSpaceDb + knifeEdge(),
    itmDb: null,
    mode: null,
    warnings: [],
    itmRefusal,
  });
  if (model === 'free_space_knife_edge') return fallback(null);
  const points = path.distancesM.length;
  const itm = itmPointToPoint({
    ...settings.itm,
    profileM: terrainM,
    spacingM: points > 1 ? path.distancesM[points - 1]! / (points - 1) : 0,
    txHeightM: path.txAntennaM,
    rxHeightM: path.rxAntennaM,
    frequencyMHz: path.frequencyHz / 1e6,
  });
  if (!itm.ok) return fallback(itm.error);
  return { model: 'itm', totalDb: itm.lossDb, itmDb: itm.lossDb, mode: itm.mode, warnings: itm.warningNames, itmRefusal: null };
}
