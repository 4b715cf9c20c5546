//! The fit for runs that did not stream: without a first-token time, prefill and decode can only
//! be told apart by how the whole request time grows with each length,
//! `e2e = overhead + prompt/prefill_rate + output/decode_rate`.
//!
//! It is fitted to the lower envelope too (τ = 0.1), so queueing does not inflate the overhead.
//! With two predictors there is no cheap exact walk like the one-predictor solver's, so it uses
//! iteratively reweighted least squares on the check loss: each pass solves a weighted 3×3
//! least-squares problem whose weights make the squared loss match the check loss at the
//! current residuals. It converges to the quantile plane to well within the data's noise.

use super::quantile::{self, Line};

/// `e2e = intercept + per_prompt_token·prompt + per_output_token·output`, in seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plane {
    pub intercept: f64,
    pub secs_per_prompt_token: f64,
    pub secs_per_output_token: f64,
}

impl Plane {
    pub fn at(&self, prompt: f64, output: f64) -> f64 {
        self.intercept + self.secs_per_prompt_token * prompt + self.secs_per_output_token * output
    }
}

/// Which lengths vary enough to be fitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spread {
    pub prompt: bool,
    pub output: bool,
}

const MAX_PASSES: usize = 200;

/// The τ-quantile plane. A length that barely varies is left out (its coefficient zero), and
/// with one length left the exact one-predictor solver is used instead.
pub fn quantile_plane(p: &[f64], o: &[f64], y: &[f64], tau: f64, spread: Spread) -> Option<Plane> {
    match (spread.prompt, spread.output) {
        (false, false) => {
            let zeros = vec![0.0; y.len()];
            let line = quantile::quantile_line(&zeros, y, tau)?;
            Some(Plane {
                intercept: line.intercept,
                secs_per_prompt_token: 0.0,
                secs_per_output_token: 0.0,
            })
        }
        (true, false) => {
            let line = quantile::quantile_line(p, y, tau)?;
            Some(Plane {
                intercept: line.intercept,
                secs_per_prompt_token: line.slope,
                secs_per_output_token: 0.0,
            })
        }
        (false, true) => {
            let line = quantile::quantile_line(o, y, tau)?;
            Some(Plane {
                intercept: line.intercept,
                secs_per_prompt_token: 0.0,
                secs_per_output_token: line.slope,
            })
        }
        (true, true) => irls(p, o, y, tau, None),
    }
}

/// Starting from the same plane for a resample, for the bootstrap.
pub fn quantile_plane_from(
    p: &[f64],
    o: &[f64],
    y: &[f64],
    tau: f64,
    spread: Spread,
    start: Plane,
) -> Option<Plane> {
    match (spread.prompt, spread.output) {
        (true, false) => {
            let line = quantile::quantile_line_from(
                p,
                y,
                tau,
                Line { intercept: start.intercept, slope: start.secs_per_prompt_token },
            )?;
            Some(Plane {
                intercept: line.intercept,
                secs_per_prompt_token: line.slope,
                secs_per_output_token: 0.0,
            })
        }
        (false, true) => {
            let line = quantile::quantile_line_from(
                o,
                y,
                tau,
                Line { intercept: start.intercept, slope: start.secs_per_output_token },
            )?;
            Some(Plane {
                intercept: line.intercept,
                secs_per_prompt_token: 0.0,
                secs_per_output_token: line.slope,
            })
        }
        (true, true) => irls(p, o, y, tau, Some(start)),
        (false, false) => quantile_plane(p, o, y, tau, spread),
    }
}

fn check_loss(p: &[f64], o: &[f64], y: &[f64], plane: &Plane, tau: f64) -> f64 {
    p.iter()
        .zip(o)
        .zip(y)
        .map(|((&pi, &oi), &yi)| {
            let r = yi - plane.at(pi, oi);
            if r >= 0.0 {
                tau * r
            } else {
                (tau - 1.0) * r
            }
        })
        .sum()
}

/// Reweighting from `start`'s residuals when given (a resample's answer is near the full
/// data's, so it settles in fewer passes), else from ordinary least squares.
fn irls(p: &[f64], o: &[f64], y: &[f64], tau: f64, start: Option<Plane>) -> Option<Plane> {
    let n = y.len().min(p.len()).min(o.len());
    if n < 3 {
        return None;
    }
    // Centre and scale the lengths so the 3×3 system stays well conditioned.
    let mean = |v: &[f64]| v.iter().sum::<f64>() / n as f64;
    let (pm, om) = (mean(p), mean(o));
    let scale = |v: &[f64], m: f64| {
        (v.iter().map(|x| (x - m).powi(2)).sum::<f64>() / n as f64).sqrt().max(1e-12)
    };
    let (ps, os) = (scale(p, pm), scale(o, om));
    let ys = scale(y, mean(y));
    let floor = 1e-9 * ys.max(1e-12);
    let reweight = |weights: &mut [f64], plane: &Plane| {
        for (((w, &pi), &oi), &yi) in weights.iter_mut().zip(p).zip(o).zip(y) {
            let r = yi - plane.at(pi, oi);
            let side = if r >= 0.0 { tau } else { 1.0 - tau };
            *w = side / r.abs().max(floor);
        }
    };
    let mut weights = vec![1.0; n];
    if let Some(start) = start {
        reweight(&mut weights, &start);
    }
    let mut best: Option<(Plane, f64)> = None;
    let mut previous = f64::INFINITY;
    for _ in 0..MAX_PASSES {
        let Some(theta) = weighted_solve(p, o, y, &weights, (pm, ps), (om, os)) else { break };
        let loss = check_loss(p, o, y, &theta, tau);
        if best.is_none_or(|(_, best_loss)| loss < best_loss) {
            best = Some((theta, loss));
        }
        // Reweighting is not monotone at first; stop once the loss has settled.
        if (previous - loss).abs() <= 1e-10 * loss.abs().max(1e-300) {
            break;
        }
        previous = loss;
        reweight(&mut weights, &theta);
    }
    best.map(|(plane, _)| plane)
}

/// Weighted least squares for `y = c + a·(p − pm)/ps + b·(o − om)/os`, returned unscaled.
fn weighted_solve(
    p: &[f64],
    o: &[f64],
    y: &[f64],
    w: &[f64],
    (pm, ps): (f64, f64),
    (om, os): (f64, f64),
) -> Option<Plane> {
    let (mut s1, mut sp, mut so, mut spp, mut soo, mut spo) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
    let (mut sy, mut spy, mut soy) = (0.0, 0.0, 0.0);
    for (((&pi, &oi), &yi), &wi) in p.iter().zip(o).zip(y).zip(w) {
        let (u, v) = ((pi - pm) / ps, (oi - om) / os);
        s1 += wi;
        sp += wi * u;
        so += wi * v;
        spp += wi * u * u;
        soo += wi * v * v;
        spo += wi * u * v;
        sy += wi * yi;
        spy += wi * u * yi;
        soy += wi * v * yi;
    }
    // Cramer's rule on the symmetric normal equations.
    let det3 = |a: [f64; 9]| {
        let [a11, a12, a13, a21, a22, a23, a31, a32, a33] = a;
        a11 * (a22 * a33 - a23 * a32) - a12 * (a21 * a33 - a23 * a31)
            + a13 * (a21 * a32 - a22 * a31)
    };
    let det = det3([s1, sp, so, sp, spp, spo, so, spo, soo]);
    if !det.is_finite() || det.abs() <= 1e-300 {
        return None;
    }
    let c = det3([sy, sp, so, spy, spp, spo, soy, spo, soo]) / det;
    let a = det3([s1, sy, so, sp, spy, spo, so, soy, soo]) / det;
    let b = det3([s1, sp, sy, sp, spp, spy, so, spo, soy]) / det;
    let (bp, bo) = (a / ps, b / os);
    let plane = Plane {
        intercept: c - bp * pm - bo * om,
        secs_per_prompt_token: bp,
        secs_per_output_token: bo,
    };
    [plane.intercept, bp, bo].iter().all(|x| x.is_finite()).then_some(plane)
}
