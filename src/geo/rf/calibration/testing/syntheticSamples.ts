import { destinationPoint } from '../../../sphere.js';
import { seededRandom } from '../../../testing/shapes.js';
import type { FitSample, ReceiverClass } from '../calibrationModel.js';
import { RECEIVER_CLASSES } from '../fitCalibration.js';

/**
 * Test helper, not for production code: measurements with known calibration terms and seeded
 * Gaussian noise, for the fit's tests and its benchmark. Towers stand 0.2° apart in a row east of
 * (−33.9, 18.4); each tower's samples spread evenly over a disc of `radiusM`, its sectors splitting
 * the compass into equal wedges (sector ids towerId × 100 + 1, 2, …; no sectors: omni, null).
 * measured = predicted + globalOffsetDb + sector's + class's + noise; ids count from 1.
 */
export interface SyntheticCalibration {
  seed: number;
  towers: number;
  samplesPerTower: number;
  /** 0: omni towers. */
  sectorsPerTower: number;
  radiusM: number;
  globalOffsetDb: number;
  /** The true offset of a tower's sector (both counted from 0), dB. */
  sectorOffsetDb: (tower: number, sector: number) => number;
  classOffsetsDb: Record<ReceiverClass, number>;
  /** σ of the noise, dB. */
  noiseDb: number;
}

export function syntheticSamples(spec: SyntheticCalibration): FitSample[] {
  const random = seededRandom(spec.seed);
  const gaussian = () => Math.sqrt(-2 * Math.log(random())) * Math.cos(2 * Math.PI * random());
  const samples: FitSample[] = [];
  for (let tower = 0; tower < spec.towers; tower++) {
    const site = { lat: -33.9, lng: 18.4 + 0.2 * tower };
    for (let k = 0; k < spec.samplesPerTower; k++) {
      const bearingDeg = 360 * random();
      // √u spreads the samples evenly over the disc's area; none at the mast itself.
      const distanceM = Math.max(20, spec.radiusM * Math.sqrt(random()));
      const spot = destinationPoint(site, bearingDeg, distanceM);
      const sector = spec.sectorsPerTower > 0 ? Math.floor((bearingDeg / 360) * spec.sectorsPerTower) : null;
      const receiverClass = RECEIVER_CLASSES[Math.floor(random() * RECEIVER_CLASSES.length)]!;
      // A free-space slope: −55 dBm at 1 km, 20 dB less a decade further.
      const predictedDbm = -55 - 20 * Math.log10(distanceM / 1000);
      const trueOffsetDb = spec.globalOffsetDb + (sector === null ? 0 : spec.sectorOffsetDb(tower, sector)) + spec.classOffsetsDb[receiverClass];
      samples.push({
        id: samples.length + 1,
        towerId: tower + 1,
        sectorId: sector === null ? null : (tower + 1) * 100 + sector + 1,
        receiverClass,
        lat: spot.lat,
        lng: spot.lng,
        distanceM,
        predictedDbm,
        measuredDbm: predictedDbm + trueOffsetDb + spec.noiseDb * gaussian(),
      });
    }
  }
  return samples;
}
