//! A run's requests as marks on a figure, however many there are.
//!
//! A result file can hold a hundred thousand requests. Drawing each one would make every redraw
//! (and every SVG export) grow with the file, and most would land on pixels already covered. So
//! the plot is cut into a fixed grid of cells and each cell that holds requests becomes one mark,
//! placed at the mean of its requests and shaded by how many it holds: the drawing costs at most
//! one mark per cell whatever the file's size, and a lone outlier still gets its own mark.
//! Requests beyond the top or bottom of the axis are drawn on its edge and counted, so the
//! figure's words can say so.

use crate::measurements::stats;

/// Cells across the plot.
pub const GRID_COLUMNS: usize = 160;
/// Cells up the plot.
pub const GRID_ROWS: usize = 100;

/// One drawn mark: the mean position of the requests in its cell and how many they are.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mark {
    pub x: f64,
    pub y: f64,
    pub requests: u32,
}

/// The requests of one figure, binned for drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct Cloud {
    pub marks: Vec<Mark>,
    /// Requests behind the marks.
    pub requests: usize,
    /// Requests above the top of the y range (drawn on it).
    pub above: usize,
    /// Requests below the bottom of the y range (drawn on it).
    pub below: usize,
    pub x_range: (f64, f64),
    pub y_range: (f64, f64),
    /// The most requests in one cell, for shading.
    pub densest: u32,
}

impl Cloud {
    /// Bins `points` over the given ranges; x values outside `x_range` are clamped too (the
    /// callers choose x ranges that hold every point).
    pub fn of(points: &[(f64, f64)], x_range: (f64, f64), y_range: (f64, f64)) -> Cloud {
        let mut cells = vec![(0.0_f64, 0.0_f64, 0_u32); GRID_COLUMNS * GRID_ROWS];
        let (mut above, mut below) = (0, 0);
        let cell = |v: f64, (lo, hi): (f64, f64), n: usize| {
            let f = if hi > lo { (v - lo) / (hi - lo) } else { 0.5 };
            ((f * n as f64).floor().max(0.0) as usize).min(n - 1)
        };
        let mut requests = 0;
        for &(x, y) in points.iter().filter(|(x, y)| x.is_finite() && y.is_finite()) {
            requests += 1;
            let x = x.clamp(x_range.0, x_range.1);
            let y = if y > y_range.1 {
                above += 1;
                y_range.1
            } else if y < y_range.0 {
                below += 1;
                y_range.0
            } else {
                y
            };
            let index = cell(y, y_range, GRID_ROWS) * GRID_COLUMNS + cell(x, x_range, GRID_COLUMNS);
            if let Some(c) = cells.get_mut(index) {
                c.0 += x;
                c.1 += y;
                c.2 += 1;
            }
        }
        // Built into a buffer of their own size: collecting from `cells.into_iter()` would
        // reuse the grid's buffer, the size of every cell, and the run keeps its clouds.
        let filled = cells.iter().filter(|c| c.2 > 0);
        let mut marks = Vec::with_capacity(filled.clone().count());
        marks.extend(filled.map(|&(sx, sy, n)| Mark {
            x: sx / f64::from(n),
            y: sy / f64::from(n),
            requests: n,
        }));
        let densest = marks.iter().map(|m| m.requests).max().unwrap_or(0);
        Cloud { marks, requests, above, below, x_range, y_range, densest }
    }

    /// How opaque a mark is drawn: a single request lighter, the densest cell solid, on a
    /// logarithmic ramp so a few hundred requests in one cell do not hide the rest.
    pub fn opacity(&self, mark: &Mark) -> f64 {
        let top = f64::from(self.densest.max(2)).ln();
        0.55 + 0.45 * (f64::from(mark.requests.max(1)).ln() / top).clamp(0.0, 1.0)
    }
}

/// From this many requests on, the extreme half percent at each end may fall off the axis
/// (drawn on its edge); fewer are all shown, each being a visible share of the run.
pub const TRIM_FROM: usize = 1_000;

/// A top for an axis that shows nearly every value without letting a few extreme ones squash
/// the rest: the 99.5th percentile (the largest value for a small run), raised to any value in
/// `keep` (the fitted lines' ends), plus a margin.
pub fn robust_top(values: &[f64], keep: &[f64]) -> f64 {
    let high = stats::percentile(values, if values.len() >= TRIM_FROM { 99.5 } else { 100.0 })
        .unwrap_or(0.0);
    let top = keep.iter().copied().filter(|v| v.is_finite()).fold(high, f64::max);
    if top > 0.0 {
        top * 1.08
    } else {
        1.0
    }
}

/// The matching bottom: zero, or below it by a margin when the 0.5th percentile (the smallest
/// value for a small run) is negative.
pub fn robust_bottom(values: &[f64]) -> f64 {
    let low =
        stats::percentile(values, if values.len() >= TRIM_FROM { 0.5 } else { 0.0 }).unwrap_or(0.0);
    if low < 0.0 {
        low * 1.08
    } else {
        0.0
    }
}

/// The largest finite value, or `fallback`.
pub fn max_of(values: impl IntoIterator<Item = f64>, fallback: f64) -> f64 {
    values
        .into_iter()
        .filter(|v| v.is_finite())
        .fold(None, |m: Option<f64>, v| Some(m.map_or(v, |m| m.max(v))))
        .unwrap_or(fallback)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hundred_thousand_points_become_at_most_one_mark_per_cell() {
        let points: Vec<(f64, f64)> = (0..100_000)
            .map(|i| {
                let x = f64::from(i % 1000);
                (x, x * 0.001 + f64::from(i % 37) * 0.01)
            })
            .collect();
        let cloud = Cloud::of(&points, (0.0, 1000.0), (0.0, 2.0));
        assert_eq!(cloud.requests, 100_000);
        assert!(cloud.marks.len() <= GRID_COLUMNS * GRID_ROWS);
        assert!(cloud.marks.len() < 10_000, "{} marks", cloud.marks.len());
        let total: u32 = cloud.marks.iter().map(|m| m.requests).sum();
        assert_eq!(total as usize, cloud.requests, "every request is behind some mark");
        assert_eq!((cloud.above, cloud.below), (0, 0));
    }

    #[test]
    fn a_cloud_keeps_only_its_marks() {
        // A worker keeps three clouds per run, for every run loaded: the grid used while
        // binning must not stay behind in them.
        let cloud = Cloud::of(&[(1.0, 0.5), (2.0, 0.7)], (0.0, 4.0), (0.0, 1.0));
        assert_eq!(cloud.marks.len(), 2);
        assert_eq!(cloud.marks.capacity(), 2, "the marks' buffer holds the marks alone");
    }

    #[test]
    fn points_off_the_axis_are_counted_and_drawn_on_its_edge() {
        let points = [(1.0, 0.5), (2.0, 50.0), (3.0, -4.0), (4.0, f64::NAN)];
        let cloud = Cloud::of(&points, (0.0, 4.0), (0.0, 1.0));
        assert_eq!((cloud.requests, cloud.above, cloud.below), (3, 1, 1));
        assert!(cloud.marks.iter().any(|m| m.y == 1.0));
        assert!(cloud.marks.iter().any(|m| m.y == 0.0));
        // A lone mark is still visible; the densest is solid.
        assert!(cloud.marks.iter().all(|m| cloud.opacity(m) >= 0.35));
    }

    #[test]
    fn axis_ends_ignore_the_extreme_half_percent() {
        let mut values: Vec<f64> = (0..1000).map(f64::from).collect();
        values.push(1e9);
        let top = robust_top(&values, &[]);
        assert!(top > 990.0 && top < 1200.0, "{top}");
        assert!(robust_top(&values, &[5000.0]) > 5000.0);
        assert_eq!(robust_bottom(&values), 0.0);
        assert!(robust_bottom(&[-10.0, 1.0, 2.0]) < -10.0, "a small run keeps its extremes");
        assert!(robust_top(&[1.0, 2.0, 50.0], &[]) > 50.0);
        assert_eq!(robust_top(&[], &[]), 1.0);
    }
}
