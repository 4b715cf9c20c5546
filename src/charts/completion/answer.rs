//! The reader's answer on Figure 5: its length as a rule, where each line reaches it, its label,
//! and the race's cursor while it plays.

use super::*;
use crate::charts::draw_placed;
use crate::charts::label;
use crate::charts::plane::Plane;
use crate::charts::{DrawResult, Style};
use crate::format;
use crate::model::deployments::Which;

/// The current answer length, as a dashed rule.
pub(super) fn answer_rule<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    scales: &Scales,
    answer: f64,
    style: &Style,
) -> DrawResult<DB> {
    let x = answer.clamp(scales.x_lo, scales.x_hi);
    for seg in crate::charts::log_dashes((x, scales.y_lo), (x, scales.y_hi), 24) {
        chart.draw(&PathElement::new(seg, style.line(style.palette.axis, 1.5)))?;
    }
    Ok(())
}

/// Both deployments' times at the current answer length, as dots on the answer's rule.
pub(super) fn answer_points<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    scales: &Scales,
    here: &Row,
    style: &Style,
) -> DrawResult<DB> {
    let x = here.answer_tokens.clamp(scales.x_lo, scales.x_hi);
    for (which, secs) in [(Which::A, here.a_secs), (Which::B, here.b_secs)] {
        let color = ink(&style.palette, which).filled();
        chart.draw(&Circle::new((x, scales.fit(secs)), style.px(4.0), color))?;
    }
    Ok(())
}

/// The answer's rule is named near the top, on whichever side is clear. The legend names the
/// rule, so a narrow figure can do with the length alone.
pub(super) fn answer_label<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    scales: &Scales,
    answer: f64,
    style: &Style,
    lines: &mut Vec<Vec<(f64, f64)>>,
) -> DrawResult<DB> {
    let plane = chart.as_coord_spec();
    let (x, y_hi) = (answer.clamp(scales.x_lo, scales.x_hi), scales.y_hi);
    let length = format::tokens(answer);
    let text = format!("your answer: {length}");
    let ys = [2.6, 1.6, 5.0, 10.0].map(|below_top| plane.px((x, y_hi / below_top)).1);
    let spots = label::beside_vertical(plane.px((x, y_hi)).0, &ys, 6.0 * style.scale, true);
    let font = (12.0, style.palette.text);
    draw_placed(chart, &[&text, &length], &spots, font, style, lines)
}

/// The race being played, at `secs`: a level line at that time, and on each deployment's line
/// the length it has written by then (a line's height is when that many tokens are done).
pub(super) fn race_cursor<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    inputs: &CompletionInputs,
    scales: &Scales,
    secs: f64,
    style: &Style,
) -> DrawResult<DB> {
    if !(scales.y_lo..=scales.y_hi).contains(&secs) {
        return Ok(());
    }
    let p = style.palette;
    let level = vec![(scales.x_lo, secs), (scales.x_hi, secs)];
    chart.draw(&PathElement::new(level, style.line(p.text, 1.5)))?;
    let comparison = inputs.comparison();
    for which in [Which::A, Which::B] {
        let d = comparison.get(which);
        let written = ((secs - d.ttft()) / d.secs_per_token()).min(inputs.answer());
        if written >= scales.x_lo {
            let at = (written.min(scales.x_hi), secs);
            chart.draw(&Circle::new(at, style.px(5.0), ink(&p, which).filled()))?;
        }
    }
    Ok(())
}
