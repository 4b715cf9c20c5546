//! Linear quantile regression with one predictor, solved exactly.
//!
//! The fitted line minimises the check loss `Σ ρτ(yᵢ − a − b·xᵢ)`, where `ρτ(r)` is `τ·r` above
//! the line and `(τ − 1)·r` below. At τ = 0.1 the line runs under 90% of the points: the lower
//! envelope, which queueing (only ever adding time) cannot lift.
//!
//! The loss is convex and piecewise linear, and some optimal line passes through two data
//! points. The solver first brackets the best slope by bisection on the loss's subgradient over
//! a small deterministic subsample (cheap, and close), then walks between such two-point lines:
//! it pins the line to one point and finds the best line through it exactly (a weighted
//! quantile of the slopes to every other point), then pins the other point it landed on, and so
//! on. Each step can only lower the loss, and when pinning either point improves nothing the
//! line is optimal: the loss then rises along every edge leaving that vertex. Each step costs
//! one sort, O(n log n); a handful of steps is typical.

use crate::measurements::stats;

/// A straight line `y = intercept + slope·x`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Line {
    pub intercept: f64,
    pub slope: f64,
}

impl Line {
    pub fn at(&self, x: f64) -> f64 {
        self.intercept + self.slope * x
    }
}

/// The check loss of `line` over the points at level `tau`.
pub fn check_loss(x: &[f64], y: &[f64], line: Line, tau: f64) -> f64 {
    x.iter()
        .zip(y)
        .map(|(&xi, &yi)| {
            let r = yi - line.at(xi);
            if r >= 0.0 {
                tau * r
            } else {
                (tau - 1.0) * r
            }
        })
        .sum()
}

/// Most points the bisection looks at; the exact walk then uses them all.
const START_SAMPLE: usize = 2048;
/// Bound on pivot steps. Convergence takes a handful; the bound only guards against a cycle
/// among equal losses in degenerate data.
const MAX_PIVOTS: usize = 200;

/// The exact τ-quantile regression line, or `None` without points. With every `x` equal the
/// slope is zero and the intercept the τ-quantile of `y`. Non-finite points are ignored.
pub fn quantile_line(x: &[f64], y: &[f64], tau: f64) -> Option<Line> {
    let (xs, ys): (Vec<f64>, Vec<f64>) = x
        .iter()
        .zip(y)
        .filter(|(a, b)| a.is_finite() && b.is_finite())
        .map(|(a, b)| (*a, *b))
        .unzip();
    let start_slope = start_slope(&xs, &ys, tau)?;
    Some(refine(&xs, &ys, tau, start_slope))
}

/// Like [`quantile_line`] but starting the walk from `start`, for bootstrap resamples whose
/// answer lies near the full data's.
pub fn quantile_line_from(x: &[f64], y: &[f64], tau: f64, start: Line) -> Option<Line> {
    if x.is_empty() || x.len() != y.len() {
        return None;
    }
    Some(refine(x, y, tau, start.slope))
}

/// A slope near the optimum, by bisection on the subgradient over an evenly strided subsample.
fn start_slope(x: &[f64], y: &[f64], tau: f64) -> Option<f64> {
    if x.is_empty() {
        return None;
    }
    let step = x.len().div_ceil(START_SAMPLE).max(1);
    let xs: Vec<f64> = x.iter().step_by(step).copied().collect();
    let ys: Vec<f64> = y.iter().step_by(step).copied().collect();
    let (xmin, xmax) = min_max(&xs);
    let (ymin, ymax) = min_max(&ys);
    if xmax <= xmin {
        return Some(0.0);
    }
    let mut scratch = vec![0.0; xs.len()];
    // The loss's slope in b: Σ −xᵢ·ψ(rᵢ) with the intercept at its optimum for that b.
    let mut derivative = |b: f64| {
        for ((s, &xi), &yi) in scratch.iter_mut().zip(&xs).zip(&ys) {
            *s = yi - b * xi;
        }
        let a = stats::check_quantile(&mut scratch, tau).unwrap_or(0.0);
        xs.iter()
            .zip(&ys)
            .map(|(&xi, &yi)| {
                let r = yi - a - b * xi;
                let psi = if r > 0.0 {
                    tau
                } else if r < 0.0 {
                    tau - 1.0
                } else {
                    0.0
                };
                -xi * psi
            })
            .sum::<f64>()
    };
    let reach = ((ymax - ymin) / (xmax - xmin)).abs().max(1e-12);
    let (mut lo, mut hi) = (-reach, reach);
    let mut widen = 0;
    while derivative(lo) > 0.0 && widen < 60 {
        lo *= 4.0;
        widen += 1;
    }
    widen = 0;
    while derivative(hi) < 0.0 && widen < 60 {
        hi *= 4.0;
        widen += 1;
    }
    for _ in 0..60 {
        let mid = 0.5 * (lo + hi);
        if derivative(mid) < 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
        if hi - lo <= 1e-12 * (lo.abs() + hi.abs()) {
            break;
        }
    }
    Some(0.5 * (lo + hi))
}

fn min_max(v: &[f64]) -> (f64, f64) {
    v.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &x| (lo.min(x), hi.max(x)))
}

/// The exact walk between two-point lines, starting from the best line of slope `slope`.
fn refine(x: &[f64], y: &[f64], tau: f64, slope: f64) -> Line {
    // Pin the point whose residual is the τ-quantile at this slope.
    let mut residuals: Vec<(f64, usize)> =
        x.iter().zip(y).enumerate().map(|(i, (&xi, &yi))| (yi - slope * xi, i)).collect();
    let n = residuals.len();
    let k = ((tau * n as f64).ceil() as usize).clamp(1, n.max(1)) - 1;
    let pinned = match residuals.get_mut(..) {
        Some(all) if !all.is_empty() => {
            let (_, kth, _) = all.select_nth_unstable_by(k.min(n - 1), |a, b| a.0.total_cmp(&b.0));
            kth.1
        }
        _ => return Line { intercept: 0.0, slope: 0.0 },
    };
    let mut best = through(x, y, pinned, slope);
    let mut best_loss = check_loss(x, y, best, tau);
    let mut pin = pinned;
    let mut failures_in_a_row = 0;
    for _ in 0..MAX_PIVOTS {
        let Some((line, next_pin)) = best_through(x, y, tau, pin) else { break };
        let loss = check_loss(x, y, line, tau);
        if loss < best_loss - 1e-12 * best_loss.abs().max(1e-300) {
            best = line;
            best_loss = loss;
            failures_in_a_row = 0;
        } else {
            failures_in_a_row += 1;
            // Neither of the two pinned points improves the line: it is optimal.
            if failures_in_a_row >= 2 {
                break;
            }
        }
        pin = next_pin;
    }
    best
}

/// The line of slope `slope` through point `i`.
fn through(x: &[f64], y: &[f64], i: usize, slope: f64) -> Line {
    let (xi, yi) = (x.get(i).copied().unwrap_or(0.0), y.get(i).copied().unwrap_or(0.0));
    Line { intercept: yi - slope * xi, slope }
}

/// The best line through point `k`, and the other point it passes through.
///
/// With the line pinned at `k`, each other point contributes `|dᵢ|·ρ(sᵢ − b)` where `sᵢ` is the
/// slope from `k` to it and `dᵢ = xᵢ − xₖ` (with τ for points to the right and 1 − τ to the
/// left): a weighted quantile of the `sᵢ`, found by sorting them and sweeping the subgradient.
fn best_through(x: &[f64], y: &[f64], tau: f64, k: usize) -> Option<(Line, usize)> {
    let xk = *x.get(k)?;
    let yk = *y.get(k)?;
    let mut slopes: Vec<(f64, f64, usize)> = Vec::with_capacity(x.len());
    let mut below = 0.0;
    for (i, (&xi, &yi)) in x.iter().zip(y).enumerate() {
        let d = xi - xk;
        if d == 0.0 {
            continue;
        }
        slopes.push(((yi - yk) / d, d.abs(), i));
        below += if d > 0.0 { tau * d } else { (1.0 - tau) * -d };
    }
    if slopes.is_empty() {
        return Some((Line { intercept: yk, slope: 0.0 }, k));
    }
    slopes.sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
    // The subgradient starts at −below and rises by each point's weight as b passes its slope.
    let mut rise = -below;
    for &(s, w, i) in &slopes {
        rise += w;
        if rise >= 0.0 {
            return Some((Line { intercept: yk - s * xk, slope: s }, i));
        }
    }
    let &(s, _, i) = slopes.last()?;
    Some((Line { intercept: yk - s * xk, slope: s }, i))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_line_through_collinear_points() {
        let x = [1.0, 2.0, 3.0, 4.0, 5.0];
        let y = [3.0, 5.0, 7.0, 9.0, 11.0];
        let line = quantile_line(&x, &y, 0.1).unwrap();
        assert!((line.slope - 2.0).abs() < 1e-12 && (line.intercept - 1.0).abs() < 1e-12);
    }

    #[test]
    fn equal_x_gives_the_quantile() {
        let x = [3.0; 10];
        let y = [5.0, 1.0, 4.0, 2.0, 3.0, 10.0, 7.0, 6.0, 9.0, 8.0];
        let line = quantile_line(&x, &y, 0.5).unwrap();
        assert_eq!(line.slope, 0.0);
        assert!(
            (check_loss(&x, &y, line, 0.5)
                - check_loss(&x, &y, Line { intercept: 5.0, slope: 0.0 }, 0.5))
            .abs()
                < 1e-12
        );
    }
}
