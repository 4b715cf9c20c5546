//! The deeper model's TTFT floor for a run whose floor bends up at long prompts.
//!
//! The deeper model reads a prompt of `p` tokens in `p/r + p²/(r·K)`: the per-token work plus
//! attention, which grows with the square of the prompt and costs as much as the rest at the
//! knee `K`. For a fixed `K` that is a straight line in `p' = p + p²/K`, so the floor
//! `overhead + p'/r` is fitted the same way as the straight one (quantile regression at the
//! floor's τ), and the knee is the one whose floor fits best (least check loss). The search runs
//! over an evenly strided subsample, so a hundred thousand requests cost no more than a few
//! thousand.

use super::quantile::{self, Line};

/// Most requests the search looks at.
const SAMPLE: usize = 4_000;
/// Knees tried, log-spaced over [`KNEE_RANGE`].
const STEPS: usize = 48;
/// From a knee far shorter than any prompt a server would take to one far beyond.
const KNEE_RANGE: (f64, f64) = (500.0, 5e7);

/// The fitted deeper floor: `line.intercept + line.slope · (p + p²/knee_tokens)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AttentionFloor {
    pub line: Line,
    pub knee_tokens: f64,
}

impl AttentionFloor {
    pub fn at(&self, prompt: f64) -> f64 {
        self.line.at(prompt + prompt * prompt / self.knee_tokens)
    }

    pub fn prefill_tokens_per_sec(&self) -> f64 {
        1.0 / self.line.slope
    }
}

/// The deeper floor through points `(prompt, ttft)` at quantile `tau`, or `None` when no knee
/// in range fits with a positive rate.
pub fn fit(prompt: &[f64], ttft: &[f64], tau: f64) -> Option<AttentionFloor> {
    let step = prompt.len().div_ceil(SAMPLE).max(1);
    let xs: Vec<f64> = prompt.iter().step_by(step).copied().collect();
    let ys: Vec<f64> = ttft.iter().step_by(step).copied().collect();
    let mut best: Option<(f64, AttentionFloor)> = None;
    for i in 0..STEPS {
        let f = i as f64 / (STEPS - 1) as f64;
        let knee = KNEE_RANGE.0 * (KNEE_RANGE.1 / KNEE_RANGE.0).powf(f);
        let stretched: Vec<f64> = xs.iter().map(|p| p + p * p / knee).collect();
        let Some(line) = quantile::quantile_line(&stretched, &ys, tau) else { continue };
        if line.slope <= 0.0 {
            continue;
        }
        let loss = quantile::check_loss(&stretched, &ys, line, tau);
        if best.as_ref().is_none_or(|(b, _)| loss < *b) {
            best = Some((loss, AttentionFloor { line, knee_tokens: knee }));
        }
    }
    best.map(|(_, floor)| floor)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_knee_is_read_back_from_a_bending_floor() {
        let (mut p, mut y) = (Vec::new(), Vec::new());
        for i in 0..20_000 {
            let prompt = 100.0 + f64::from(i * 7919 % 60_000);
            let queue = if i % 4 == 0 { f64::from(i % 13) * 0.1 } else { 0.0 };
            p.push(prompt);
            y.push(0.08 + prompt / 8_000.0 + prompt * prompt / (8_000.0 * 30_000.0) + queue);
        }
        let floor = fit(&p, &y, 0.1).unwrap();
        // The grid's steps are 22% apart: the knee lands within one of 30,000.
        assert!((floor.knee_tokens / 30_000.0).ln().abs() < 0.25, "{floor:?}");
        assert!((floor.prefill_tokens_per_sec() / 8_000.0 - 1.0).abs() < 0.1, "{floor:?}");
        assert!((floor.at(40_000.0) - (0.08 + 5.0 + 5.0 * 40.0 / 30.0)).abs() < 0.6);
    }
}
