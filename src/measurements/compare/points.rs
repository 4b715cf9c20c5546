//! A run's requests as faint points behind the completion lines: answer length against the time
//! the whole answer took. Large runs are thinned to a fixed number of points, drawn at random
//! with a seed taken from the run, so the same file always shows the same points and a message
//! to the page stays small.

use super::sample::Sample;
use crate::measurements::fit::bootstrap::SplitMix64;
use crate::measurements::fit::Fit;

/// Most points sent per run: enough to show the cloud's shape and density, few enough that
/// the page draws them at once.
pub const MOST_POINTS: usize = 600;

/// One request: its answer length and its end-to-end time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub answer_tokens: f64,
    pub completion_secs: f64,
}

/// The points of the requests `fit` used, at most `most` of them, ordered by answer length;
/// none for a run that cannot stand for a deployment.
pub fn completion_points(fit: &Fit, most: usize) -> Vec<Point> {
    let Ok(sample) = Sample::from_fit(fit) else { return Vec::new() };
    let mut points: Vec<Point> = sample
        .completions()
        .filter(|(n, t)| n.is_finite() && t.is_finite())
        .map(|(answer_tokens, completion_secs)| Point { answer_tokens, completion_secs })
        .collect();
    if points.len() > most {
        // A partial Fisher–Yates shuffle: the first `most` places end up a uniform sample.
        let mut rng = SplitMix64::new(sample.seed());
        for i in 0..most {
            let j = i + rng.below(points.len() - i);
            points.swap(i, j);
        }
        points.truncate(most);
    }
    points.sort_by(|p, q| p.answer_tokens.total_cmp(&q.answer_tokens));
    points
}
