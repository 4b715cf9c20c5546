//! Figure 5's lines: each deployment's finish against length, and the runs' requests behind them.

use super::*;
use crate::charts::plane::Plane;
use crate::charts::{DrawResult, Style};
use crate::measurements::compare::Overlay;
use crate::model::deployments::Which;

/// The reading reference (dashed: every other segment, so it follows the clamped values),
/// then both deployments' times to finish, and at the busiest hour, when drawn, the same two
/// dashed the same way.
pub(super) fn finish_lines<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    scales: &Scales,
    style: &Style,
) -> DrawResult<DB> {
    let p = style.palette;
    for pair in scales.reading_line().chunks(2) {
        chart.draw(&PathElement::new(pair.to_vec(), style.line(p.reading, 2.0)))?;
    }
    for which in [Which::A, Which::B] {
        let line = style.line(ink(&p, which), 2.5);
        chart.draw(&PathElement::new(scales.finish_line(which), line))?;
        for pair in scales.peak_line(which).chunks(2) {
            chart.draw(&PathElement::new(pair.to_vec(), style.line(ink(&p, which), 1.5)))?;
        }
    }
    Ok(())
}

/// Two runs behind their lines: the crossover's interval as a band across the plot, and each
/// request as a faint dot in its side's colour (those outside the axes left out).
pub(super) fn run_points<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    scales: &Scales,
    runs: &Overlay,
    style: &Style,
) -> DrawResult<DB> {
    let p = style.palette;
    if let Some((low, high)) = runs.band_tokens() {
        let (from, to) = (low.max(scales.x_lo), high.unwrap_or(scales.x_hi).min(scales.x_hi));
        if to > from {
            let band = p.text.mix(0.12).filled();
            chart.draw(&Rectangle::new([(from, scales.y_lo), (to, scales.y_hi)], band))?;
        }
    }
    for which in [Which::A, Which::B] {
        let dot = ink(&p, which).mix(0.35).filled();
        for q in runs.points(which == Which::B) {
            let (n, t) = (q.answer_tokens, q.completion_secs);
            if (scales.x_lo..=scales.x_hi).contains(&n) && (scales.y_lo..=scales.y_hi).contains(&t)
            {
                chart.draw(&Circle::new((n, t), style.px(2.5), dot))?;
            }
        }
    }
    Ok(())
}
