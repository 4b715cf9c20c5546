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

/// What Figure 5 draws behind its two lines when both come from runs: each run's points and
/// the crossover's 95% interval as a band. Kept as the numbers the worker moves to the page in
/// one array, `[points of A, points of B, band's low end, band's high end, A's points as
/// (length, time) pairs…, B's…]` (NaN ends for no band, an infinite high end for none), so the
/// page reads them where they arrived.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Overlay {
    numbers: Vec<f64>,
}

const HEAD: usize = 4;

impl Overlay {
    pub fn new(a: &[Point], b: &[Point], band_tokens: Option<(f64, Option<f64>)>) -> Overlay {
        let (low, high) = match band_tokens {
            Some((low, high)) => (low, high.unwrap_or(f64::INFINITY)),
            None => (f64::NAN, f64::NAN),
        };
        let mut numbers = vec![a.len() as f64, b.len() as f64, low, high];
        for p in a.iter().chain(b) {
            numbers.push(p.answer_tokens);
            numbers.push(p.completion_secs);
        }
        Overlay { numbers }
    }

    pub fn numbers(&self) -> &[f64] {
        &self.numbers
    }

    pub fn into_numbers(self) -> Vec<f64> {
        self.numbers
    }

    /// The overlay `numbers` hold; `None` for numbers [`Overlay::new`] never writes.
    pub fn from_numbers(numbers: Vec<f64>) -> Option<Overlay> {
        let count = |i: usize| {
            let x = *numbers.get(i)?;
            (x >= 0.0 && x.fract() == 0.0).then_some(x as usize)
        };
        let points = count(0)? + count(1)?;
        // No more points than the worker draws of two runs: a longer list is refused.
        (points <= 2 * MOST_POINTS && numbers.len() == HEAD + 2 * points)
            .then_some(Overlay { numbers })
    }

    /// The band's ends: its upper end `None` when it has none.
    pub fn band_tokens(&self) -> Option<(f64, Option<f64>)> {
        let (low, high) = (*self.numbers.get(2)?, *self.numbers.get(3)?);
        (!low.is_nan()).then_some((low, high.is_finite().then_some(high)))
    }

    /// A's points (`b` false) or B's.
    pub fn points(&self, b: bool) -> impl Iterator<Item = Point> + '_ {
        let na = self.numbers.first().map_or(0, |n| *n as usize);
        let (from, to) = if b { (na, (self.numbers.len() - HEAD) / 2) } else { (0, na) };
        let pairs = self.numbers.get(HEAD + 2 * from..HEAD + 2 * to).unwrap_or(&[]);
        pairs.chunks_exact(2).map(|c| Point {
            answer_tokens: c.first().copied().unwrap_or(f64::NAN),
            completion_secs: c.get(1).copied().unwrap_or(f64::NAN),
        })
    }

    /// Whether there is nothing to draw.
    pub fn is_empty(&self) -> bool {
        self.numbers.len() <= HEAD
    }
}
