// The chi-square distribution's survival function, for the sample ratio check of an experiment:
// P(X ≥ x) for X with k degrees of freedom is Q(k/2, x/2), the regularized upper incomplete gamma
// function, computed as Numerical Recipes does (§6.2): a series below a + 1, a continued fraction above.

/** Coefficients of Lanczos's approximation with g = 7, n = 9 (about 15 correct digits). */
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
  9.9843695780195716e-6, 1.5056327351493116e-7,
];
const LANCZOS_G = 7;
const EPSILON = 1e-15;
const TINY = 1e-300;
const MAX_TERMS = 1000;

/** ln Γ(a) for a > 0. */
export function logGamma(a: number): number {
  if (a < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * a)) - logGamma(1 - a);
  const x = a - 1;
  let sum = LANCZOS[0] ?? 1;
  for (let i = 1; i < LANCZOS.length; i++) sum += (LANCZOS[i] ?? 0) / (x + i);
  const t = x + LANCZOS_G + 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** e^(-x) x^a / Γ(a): the factor both expansions share. */
const prefactor = (a: number, x: number): number => Math.exp(-x + a * Math.log(x) - logGamma(a));

/** P(a, x) by its series, which converges quickly for x < a + 1. */
function lowerBySeries(a: number, x: number): number {
  let term = 1 / a;
  let sum = term;
  for (let n = 1; n < MAX_TERMS && Math.abs(term) > Math.abs(sum) * EPSILON; n++) {
    term *= x / (a + n);
    sum += term;
  }
  return sum * prefactor(a, x);
}

/** Q(a, x) by its continued fraction (modified Lentz), which converges quickly for x ≥ a + 1. */
function upperByFraction(a: number, x: number): number {
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_TERMS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPSILON) break;
  }
  return prefactor(a, x) * h;
}

/** Q(a, x) = Γ(a, x) / Γ(a), the regularized upper incomplete gamma function, for a > 0 and x ≥ 0. */
export function regularizedUpperGamma(a: number, x: number): number {
  if (!(a > 0) || !(x >= 0)) throw new RangeError(`the regularized upper gamma function needs a > 0 and x ≥ 0, not a = ${a}, x = ${x}`);
  if (x === 0) return 1;
  if (x === Infinity) return 0;
  return x < a + 1 ? 1 - lowerBySeries(a, x) : upperByFraction(a, x);
}

/** P(X ≥ x) for a chi-square variable X with `degreesOfFreedom` degrees of freedom. */
export function chiSquareSurvival(x: number, degreesOfFreedom: number): number {
  if (!Number.isInteger(degreesOfFreedom) || degreesOfFreedom < 1) throw new RangeError(`degrees of freedom must be a whole number from 1, not ${degreesOfFreedom}`);
  return regularizedUpperGamma(degreesOfFreedom / 2, x / 2);
}
