/**
 * How likely a spot is to get service (issue 21 §4): with the residual spread σ of the model (dB),
 * the chance that the signal there clears the CPE profile's least usable signal is
 * Φ((predicted − threshold) / σ), Φ the standard normal distribution function.
 */

/** The words the public results use, most likely first; below the last, nothing wireless is shown. */
export const SERVICE_LIKELIHOODS = [
  { key: 'very_likely', atLeast: 0.9, label: 'Service very likely' },
  { key: 'likely', atLeast: 0.7, label: 'Service likely' },
  { key: 'possible', atLeast: 0.4, label: 'Possible — a site survey will tell' },
] as const;
export type ServiceLikelihood = (typeof SERVICE_LIKELIHOODS)[number]['key'];
export const SERVICE_LIKELIHOOD_KEYS = ['very_likely', 'likely', 'possible'] as const satisfies readonly ServiceLikelihood[];

/** The least probability anything wireless is shown at. */
export const LEAST_SHOWN_PROBABILITY = SERVICE_LIKELIHOODS[SERVICE_LIKELIHOODS.length - 1]!.atLeast;

export const SERVICE_LIKELIHOOD_LABELS: Readonly<Record<ServiceLikelihood, string>> = Object.fromEntries(
  SERVICE_LIKELIHOODS.map((likelihood) => [likelihood.key, likelihood.label]),
) as Record<ServiceLikelihood, string>;

/**
 * Φ(x): erfc by W. J. Cody's rational Chebyshev fit as Numerical Recipes gives it (erfcc, fractional
 * error under 1.2e-7 everywhere), so Φ(x) = erfc(−x/√2) / 2.
 */
export function normalCdf(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * z);
  const erfc =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? 1 - erfc / 2 : erfc / 2;
}

/**
 * Φ⁻¹(p) for 0 < p < 1: P. J. Acklam's rational approximation (relative error under 1.15e-9), the
 * z of a reliability (Φ⁻¹(0.7) ≈ 0.5244).
 */
export function inverseNormalCdf(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError('inverseNormalCdf takes a probability strictly between 0 and 1');
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  }
  if (p > 1 - low) return -inverseNormalCdf(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}

/** The chance (0..1) that a spot predicted at `predictedDbm` clears `thresholdDbm`, with spread `sigmaDb` (> 0). */
export function serviceProbability(predictedDbm: number, thresholdDbm: number, sigmaDb: number): number {
  return normalCdf((predictedDbm - thresholdDbm) / sigmaDb);
}

/** The words for a probability; null below LEAST_SHOWN_PROBABILITY. */
export function serviceLikelihood(probability: number): ServiceLikelihood | null {
  return SERVICE_LIKELIHOODS.find((likelihood) => probability >= likelihood.atLeast)?.key ?? null;
}

/**
 * The margin a map drawn at `reliabilityPercent` takes off the predicted signal, dB: a spot is drawn
 * in a band when its signal less this margin is in it, so it clears the band's floor with that
 * probability. 0 at 50 %.
 */
export function reliabilityMarginDb(reliabilityPercent: number, sigmaDb: number): number {
  return reliabilityPercent === 50 ? 0 : inverseNormalCdf(reliabilityPercent / 100) * sigmaDb;
}
