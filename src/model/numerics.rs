//! General numerics the models lean on: the standard normal's density, distribution function
//! and inverse, written out because `f64::erf` is not stable, and Simpson integration against
//! the normal density for the one quantity with no closed form.

/// `P(X < x)` for `X ~ N(0, s²)`, including the degenerate `s = 0` (then zero unless `x > 0`).
pub fn cdf_strictly_below(x: f64, s: f64) -> f64 {
    if s > 0.0 {
        normal_cdf(x / s)
    } else if x > 0.0 {
        1.0
    } else {
        0.0
    }
}

/// Half-width of the integration range: the normal density beyond nine is below 1e-18.
const REACH: f64 = 9.0;

/// Simpson intervals on each side of the split: the integrands vary on a scale of one, and a
/// step of about 0.07 keeps the error near 1e-7 (far below a displayed percent) in a few
/// hundred evaluations.
const INTERVALS: usize = 128;

/// `∫ f(x) φ(x) dx` over the whole line, split at `split` where `f` may jump or kink.
pub fn integrate_against_normal(f: impl Fn(f64) -> f64, split: f64) -> f64 {
    let g = |x: f64| f(x) * normal_density(x);
    let mid = if split.is_nan() { REACH } else { split.clamp(-REACH, REACH) };
    // The left piece stops a hair short of the split so that its last sample takes the value
    // from the left of a jump, not the one beyond it.
    let left_end = mid - mid.abs().max(1.0) * 1e-12;
    simpson(&g, -REACH, left_end) + simpson(&g, mid, REACH)
}

fn simpson(g: &impl Fn(f64) -> f64, from: f64, to: f64) -> f64 {
    if to <= from {
        return 0.0;
    }
    let h = (to - from) / INTERVALS as f64;
    let inner: f64 =
        (1..INTERVALS).map(|i| g(from + h * i as f64) * if i % 2 == 1 { 4.0 } else { 2.0 }).sum();
    (g(from) + inner + g(to)) * h / 3.0
}

fn normal_density(x: f64) -> f64 {
    // 1 / sqrt(2π)
    const SCALE: f64 = 0.398_942_280_401_432_7;
    SCALE * (-0.5 * x * x).exp()
}

/// Standard normal CDF, accurate to a few parts in 1e15 relative, tails included (where the
/// survivors of a short patience live). Written out because `f64::erf` is not stable.
pub fn normal_cdf(z: f64) -> f64 {
    if z.is_nan() {
        return 0.5;
    }
    let x = z.abs() / std::f64::consts::SQRT_2;
    let tail = 0.5 * erfc_non_negative(x);
    if z < 0.0 {
        tail
    } else {
        1.0 - tail
    }
}

/// `erfc(x)` for `x >= 0`: the all-positive series for `erf` near zero (no cancellation), the
/// continued fraction from 1.5 on, where `1 − erf` would lose digits and the fraction needs
/// fewer than a hundred steps.
fn erfc_non_negative(x: f64) -> f64 {
    const FRAC_1_SQRT_PI: f64 = std::f64::consts::FRAC_2_SQRT_PI / 2.0;
    if x > 27.5 {
        // exp(-x²) is below the smallest float.
        return 0.0;
    }
    if x < 1.5 {
        // erf(x) = 2/√π · e^{−x²} · Σ x (2x²)^k / (1·3·…·(2k+1))
        let two_x2 = 2.0 * x * x;
        let (mut term, mut sum) = (x, x);
        for k in 1..200 {
            term *= two_x2 / (2 * k + 1) as f64;
            sum += term;
            if term <= sum * 1e-17 {
                break;
            }
        }
        return 1.0 - std::f64::consts::FRAC_2_SQRT_PI * (-x * x).exp() * sum;
    }
    // erfc(x) = e^{−x²}/√π · 1/(x + (1/2)/(x + (2/2)/(x + (3/2)/(x + …)))), by Lentz's method.
    let tiny = 1e-300;
    let mut f = x;
    let (mut c, mut d) = (x, 0.0);
    for k in 1..500 {
        let a = k as f64 / 2.0;
        d = x + a * d;
        d = if d == 0.0 { 1.0 / tiny } else { 1.0 / d };
        c = x + a / c;
        if c == 0.0 {
            c = tiny;
        }
        let delta = c * d;
        f *= delta;
        if (delta - 1.0).abs() < 1e-16 {
            break;
        }
    }
    FRAC_1_SQRT_PI * (-x * x).exp() / f
}

/// Inverse of the standard normal CDF. Acklam's rational approximation (relative error about
/// 1e-9) polished by one Halley step against [`normal_cdf`]. `p` is held within
/// [1e-300, 1 − 1e-16] so the result is always finite; NaN gives 0.
pub fn normal_quantile(p: f64) -> f64 {
    if p.is_nan() {
        return 0.0;
    }
    let p = p.clamp(1e-300, 1.0 - 1e-16);
    const A: [f64; 6] = [
        -3.969_683_028_665_376e1,
        2.209_460_984_245_205e2,
        -2.759_285_104_469_687e2,
        1.383_577_518_672_69e2,
        -3.066_479_806_614_716e1,
        2.506_628_277_459_239,
    ];
    const B: [f64; 6] = [
        -5.447_609_879_822_406e1,
        1.615_858_368_580_409e2,
        -1.556_989_798_598_866e2,
        6.680_131_188_771_972e1,
        -1.328_068_155_288_572e1,
        1.0,
    ];
    const C: [f64; 6] = [
        -7.784_894_002_430_293e-3,
        -3.223_964_580_411_365e-1,
        -2.400_758_277_161_838,
        -2.549_732_539_343_734,
        4.374_664_141_464_968,
        2.938_163_982_698_783,
    ];
    const D: [f64; 5] = [
        7.784_695_709_041_462e-3,
        3.224_671_290_700_398e-1,
        2.445_134_137_142_996,
        3.754_408_661_907_416,
        1.0,
    ];
    const LOW: f64 = 0.024_25;
    let horner = |coefficients: &[f64], x: f64| coefficients.iter().fold(0.0, |acc, k| acc * x + k);
    let first = if p < LOW {
        let q = (-2.0 * p.ln()).sqrt();
        horner(&C, q) / horner(&D, q)
    } else if p <= 1.0 - LOW {
        let q = p - 0.5;
        let r = q * q;
        horner(&A, r) * q / horner(&B, r)
    } else {
        let q = (-2.0 * (1.0 - p).ln()).sqrt();
        -horner(&C, q) / horner(&D, q)
    };
    let e = normal_cdf(first) - p;
    let u = e * (2.0 * std::f64::consts::PI).sqrt() * (first * first / 2.0).exp();
    let polished = first - u / (1.0 + first * u / 2.0);
    if polished.is_finite() {
        polished
    } else {
        first
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The standard normal's 90th and 99th percentiles, to the last digit an f64 holds.
    const Z_90: f64 = 1.281_551_565_544_600_4;
    const Z_99: f64 = 2.326_347_874_040_840_8;

    fn close(x: f64, want: f64, rel: f64) -> bool {
        (x - want).abs() <= rel * want.abs().max(1e-300)
    }

    #[test]
    fn normal_cdf_matches_reference_values() {
        // Reference values from mpmath at 30 digits.
        let cases = [
            (0.0, 0.5),
            (1.0, 0.841_344_746_068_543),
            (-1.0, 0.158_655_253_931_457_05),
            (-2.0, 0.022_750_131_948_179_21),
            (-3.5, 2.326_290_790_355_250_4e-4),
            (-5.0, 2.866_515_718_791_939e-7),
            (-10.0, 7.619_853_024_160_526e-24),
            (-20.0, 2.753_624_118_606_233_5e-89),
            (-37.0, 5.725_571_222_524_577e-300),
        ];
        for (z, want) in cases {
            assert!(close(normal_cdf(z), want, 1e-12), "Φ({z}) = {} want {want}", normal_cdf(z));
        }
        assert!(close(normal_cdf(Z_90), 0.9, 1e-15));
        assert_eq!(normal_cdf(f64::INFINITY), 1.0);
        assert_eq!(normal_cdf(f64::NEG_INFINITY), 0.0);
    }

    #[test]
    fn quantile_inverts_the_cdf() {
        for p in [1e-300, 1e-100, 1e-12, 1e-9, 0.01, 0.02425, 0.1, 0.5, 0.9, 0.99, 0.999_999] {
            let z = normal_quantile(p);
            assert!(close(normal_cdf(z), p, 1e-12), "p {p}: z {z}, Φ(z) {}", normal_cdf(z));
        }
        assert!((normal_quantile(0.9) - Z_90).abs() < 1e-14);
        assert!((normal_quantile(0.99) - Z_99).abs() < 1e-14);
    }

    #[test]
    fn simpson_integrates_the_normal_to_one() {
        let one = integrate_against_normal(|_| 1.0, 0.3);
        assert!((one - 1.0).abs() < 1e-6, "{one}");
        let variance = integrate_against_normal(|x| x * x, -1.0);
        assert!((variance - 1.0).abs() < 1e-6, "{variance}");
    }
}
