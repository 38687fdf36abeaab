/**
 * The loss of one path under the radio settings (docs/radio-model.md): the model they choose (ITM,
 * or free space plus one knife edge) over the terrain with the uniform clutter added, and the
 * geometric analysis (line of sight, Fresnel zone, required height) over the same cluttered terrain.
 * Distances and heights in metres, losses in dB (positive: weaker). Pure: no I/O.
 */
import { itmPointToPoint } from './itm/pointToPoint.js';
import type { ItmErrorName, ItmWarningName } from './itm/parameters.js';
import type { PropagationMode } from './itm/pointToPoint.js';
import { analysePath, type PathAnalysis } from './pathProfile.js';
import type { PropagationModel, PropagationSettings } from './propagationSettings.js';
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
  /** totalDb minus the same model's total over the bare terrain, dB; 0 without clutter. */
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
 * The terrain with `clutterM` added to every sample strictly between the ends, as SPLAT!'s `-gc`:
 * the ends are where the antennas stand, whose heights are above the ground itself. The same array
 * when clutterM is 0.
 */
export function withClutter(terrainM: Float64Array, clutterM: number): Float64Array {
  if (clutterM === 0) return terrainM;
  const cluttered = Float64Array.from(terrainM);
  for (let i = 1; i < cluttered.length - 1; i++) cluttered[i]! += clutterM;
  return cluttered;
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
  const cluttered = withClutter(path.terrainM, settings.clutterHeightM);
  const analysis = analysePath({ ...path, terrainM: cluttered });
  const loss = modelLoss(path, cluttered, settings, settings.model, freeSpaceDb, analysis.diffractionLossDb);
  let clutterDb = 0;
  if (cluttered !== path.terrainM) {
    // The same model over the bare terrain; its knife edge needs the bare path's own analysis.
    const bareKnifeEdge = () => analysePath(path).diffractionLossDb;
    const bare = modelLoss(path, path.terrainM, settings, loss.model, freeSpaceDb, bareKnifeEdge);
    clutterDb = loss.totalDb - bare.totalDb;
  }
  return { ...loss, freeSpaceDb, diffractionDb: analysis.diffractionLossDb, clutterDb, analysis };
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
