//! The spread of the answers the lab weighs, marked on Figure 5's length axis.

use super::*;
use crate::charts::label::{Edge, Spot};
use crate::charts::plane::Plane;
use crate::charts::{DrawResult, Style};
use crate::model::workload::LengthDistribution;

/// The median and the 90th percentile of a spread of lengths.
pub(super) fn spread_marks(lengths: &LengthDistribution) -> (f64, f64) {
    let p = lengths.length_percentiles();
    (p.p50, p.p90)
}

/// The spread's ticks that fall on the axis, each with its name; one tick where both are the
/// same length.
pub(super) fn tick_marks(
    inputs: &CompletionInputs,
    x_lo: f64,
    x_hi: f64,
) -> Vec<(f64, &'static str)> {
    let Some((median, p90)) = inputs.spread() else { return Vec::new() };
    let marks: &[(f64, &'static str)] =
        if p90 > median { &[(median, "median"), (p90, "p90")] } else { &[(median, "median")] };
    marks.iter().copied().filter(|(n, _)| (x_lo..=x_hi).contains(n)).collect()
}

/// The spread the lab weighs: its median and 90th percentile as short ticks standing on the
/// length axis (named by [`spread_tick_labels`]).
pub(super) fn spread_ticks<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    scales: &Scales,
    inputs: &CompletionInputs,
    style: &Style,
) -> DrawResult<DB> {
    for (tokens, _) in tick_marks(inputs, scales.x_lo, scales.x_hi) {
        let tick = vec![(tokens, scales.y_lo), (tokens, scales.tick_top())];
        chart.draw(&PathElement::new(tick, style.line(style.palette.text, 2.0)))?;
    }
    Ok(())
}

/// Each of the spread's ticks named just above it, where there is room.
pub(super) fn spread_tick_labels<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    scales: &Scales,
    inputs: &CompletionInputs,
    style: &Style,
    lines: &mut Vec<Vec<(f64, f64)>>,
) -> DrawResult<DB> {
    let plane = chart.as_coord_spec();
    let gap = 6.0 * style.scale;
    for (tokens, name) in tick_marks(inputs, scales.x_lo, scales.x_hi) {
        let (tx, ty) = plane.px((tokens, scales.tick_top()));
        let spots = [
            Spot::new(tx, ty - gap / 2.0, Edge::Middle, Edge::End),
            Spot::new(tx + gap / 2.0, ty, Edge::Start, Edge::End),
            Spot::new(tx - gap / 2.0, ty, Edge::End, Edge::End),
        ];
        let font = (11.0, style.palette.text);
        crate::charts::draw_if_clear(chart, &[name], &spots, plane.plot_box(), font, style, lines)?;
    }
    Ok(())
}
