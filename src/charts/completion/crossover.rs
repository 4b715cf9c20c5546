//! Figure 5's crossover: where the lines meet, at the quiet hour and the busiest, marked and named.

use super::*;
use crate::charts::draw_placed;
use crate::charts::label::{self, Edge, Spot};
use crate::charts::plane::{log_fraction, Plane};
use crate::charts::{DrawResult, Style};
use crate::format::crossover_tokens_text;
use crate::model::deployments::{Comparison, Crossover};
use plotters::style::text_anchor::HPos;

/// The crossover: a dashed rule and a ring on the lines where it is on the axis, or where it
/// is (or why there is none) in words.
pub(super) fn crossover_mark<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    comparison: &Comparison,
    scales: &Scales,
    style: &Style,
) -> DrawResult<DB> {
    let p = style.palette;
    let (x_lo, x_hi, y_lo, y_hi) = (scales.x_lo, scales.x_hi, scales.y_lo, scales.y_hi);
    let crossover = comparison.crossover();
    let Some(tokens) = scales.on_axis(crossover) else {
        let edge =
            |tokens: f64| if tokens > x_hi { "off the right edge" } else { "off the left edge" };
        return chart.draw(&Text::new(
            crossover_elsewhere_text(crossover, edge),
            (x_lo * 1.2, (y_lo * y_lo * y_hi).cbrt()),
            style.label(12.0, p.marker, HPos::Left),
        ));
    };
    for seg in crate::charts::log_dashes((tokens, y_lo), (tokens, y_hi), 24) {
        chart.draw(&PathElement::new(seg, style.line(p.marker, 1.5)))?;
    }
    let at = (tokens, scales.fit(comparison.a.completion_secs(tokens)));
    chart.draw(&Circle::new(at, style.px(6.0), p.marker.stroke_width(style.px(2.5))))
}

/// The crossover's length near the floor, below both lines on the side where they have risen;
/// higher, or on the other side, where the answer's rule stands in the way. Where even that
/// finds no room (a phone), the number alone: the marker and the rule's colour say what it is.
pub(super) fn crossover_label<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    crossover: Crossover,
    scales: &Scales,
    style: &Style,
    lines: &mut Vec<Vec<(f64, f64)>>,
) -> DrawResult<DB> {
    let Some(tokens) = scales.on_axis(crossover) else { return Ok(()) };
    let plane = chart.as_coord_spec();
    let (x_lo, x_hi, y_lo, y_hi) = (scales.x_lo, scales.x_hi, scales.y_lo, scales.y_hi);
    let rule_x = plane.px((tokens, y_lo)).0;
    let right_first = log_fraction(tokens, x_lo, x_hi) < 0.7;
    let ys = [0.05, 0.14, 0.23, 0.32, 0.41, 0.5]
        .map(|h| plane.px((tokens, y_lo * (y_hi / y_lo).powf(h))).1);
    let spots = label::beside_vertical(rule_x, &ys, 6.0 * style.scale, right_first);
    let number = crossover_tokens_text(tokens);
    let text = format!("crossover: {number}");
    let font = (12.0, style.palette.marker);
    draw_placed(chart, &[&text, &number], &spots, font, style, lines)
}

/// Where the busiest hour's lines cross, as a dot (named by [`peak_crossover_label`]).
pub(super) fn peak_crossover_mark<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    scales: &Scales,
    style: &Style,
) -> DrawResult<DB> {
    match scales.peak_crossover() {
        Some(at) => chart.draw(&Circle::new(at, style.px(5.0), style.palette.marker.filled())),
        None => Ok(()),
    }
}

/// The busiest hour's crossover, named beside its dot where there is room.
pub(super) fn peak_crossover_label<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    scales: &Scales,
    style: &Style,
    lines: &mut Vec<Vec<(f64, f64)>>,
) -> DrawResult<DB> {
    let Some((n, secs)) = scales.peak_crossover() else { return Ok(()) };
    let plane = chart.as_coord_spec();
    let (cx, cy) = plane.px((n, secs));
    let gap = 6.0 * style.scale;
    let spots = [
        Spot::new(cx + gap, cy - gap, Edge::Start, Edge::End),
        Spot::new(cx - gap, cy - gap, Edge::End, Edge::End),
        Spot::new(cx + gap, cy + gap, Edge::Start, Edge::Start),
    ];
    let number = crossover_tokens_text(n);
    let text = format!("at peak: {number}");
    let font = (11.0, style.palette.marker);
    crate::charts::draw_if_clear(
        chart,
        &[&text, &number],
        &spots,
        plane.plot_box(),
        font,
        style,
        lines,
    )
}
