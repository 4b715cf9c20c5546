//! Figure 5's time labels and region names, placed clear of what is drawn.

use super::*;
use crate::charts::label::{self, Edge, Spot};
use crate::charts::plane::Plane;
use crate::charts::{draw_label_at, draw_region_name};
use crate::charts::{DrawResult, Style};
use crate::format;
use crate::model::deployments::{Crossover, Which};

/// What a label must keep clear of, in pixels: both lines (and the busiest hour's), the
/// reading line, the answer's rule, the spread's ticks and the crossover's rule.
pub(super) fn obstacles(
    plane: &Plane,
    crossover: Crossover,
    scales: &Scales,
    (answer, inputs): (f64, &CompletionInputs),
) -> Vec<Vec<(f64, f64)>> {
    let x = answer.clamp(scales.x_lo, scales.x_hi);
    let mut lines: Vec<Vec<(f64, f64)>> = [Which::A, Which::B]
        .into_iter()
        .flat_map(|which| [scales.finish_line(which), scales.peak_line(which)])
        .filter(|line| !line.is_empty())
        .map(|line| plane.px_line(&line))
        .collect();
    if scales.reader {
        lines.push(plane.px_line(&scales.reading_line()));
    }
    for (tokens, _) in tick_marks(inputs, scales.x_lo, scales.x_hi) {
        lines.push(plane.px_line(&[(tokens, scales.y_lo), (tokens, scales.tick_top())]));
    }
    lines.push(plane.px_line(&[(x, scales.y_lo), (x, scales.y_hi)]));
    if let Some(tokens) = scales.on_axis(crossover) {
        lines.push(plane.px_line(&[(tokens, scales.y_lo), (tokens, scales.y_hi)]));
    }
    lines
}

/// Each time beside its point: both lines rise to the right, so above-left of the upper point
/// and below-right of the lower one are tried first, then the other corners.
pub(super) fn time_labels<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    scales: &Scales,
    here: &Row,
    style: &Style,
    lines: &mut Vec<Vec<(f64, f64)>>,
) -> DrawResult<DB> {
    let plane = chart.as_coord_spec();
    let x = here.answer_tokens.clamp(scales.x_lo, scales.x_hi);
    let gap = 6.0 * style.scale;
    let inside = plane.plot_box();
    // The times' own boxes, which the second of them keeps off in any case.
    let mut placed: Vec<Vec<(f64, f64)>> = Vec::new();
    for (which, secs) in [(Which::A, here.a_secs), (Which::B, here.b_secs)] {
        let upper = match which {
            Which::A => here.a_secs >= here.b_secs,
            Which::B => here.b_secs > here.a_secs,
        };
        let (cx, cy) = plane.px((x, scales.fit(secs)));
        let above_left = Spot::new(cx - gap, cy - gap, Edge::End, Edge::End);
        let above_right = Spot::new(cx + gap, cy - gap, Edge::Start, Edge::End);
        let below_left = Spot::new(cx - gap, cy + gap, Edge::End, Edge::Start);
        let below_right = Spot::new(cx + gap, cy + gap, Edge::Start, Edge::Start);
        let far = 3.0 * gap;
        let spots = if upper {
            [
                above_left,
                above_right,
                Spot { y: cy - far, ..above_left },
                Spot { y: cy - far, ..above_right },
                below_left,
                below_right,
                Spot { y: cy + far, ..below_left },
                Spot { y: cy + far, ..below_right },
            ]
        } else {
            [
                below_right,
                below_left,
                Spot { y: cy + far, ..below_right },
                Spot { y: cy + far, ..below_left },
                above_right,
                above_left,
                Spot { y: cy - far, ..above_right },
                Spot { y: cy - far, ..above_left },
            ]
        };
        // On a narrow figure the time alone, in its deployment's colour.
        let time = format::duration(secs);
        let text = format!("{} {time}", which.label());
        let own = plane.px_line(&scales.finish_line(which));
        let font_px = 12.0 * style.scale;
        let found = time_spot(&spots, [&text, &time], font_px, inside, (lines, &own, &placed));
        if let Some((spot, text)) = found {
            let taken = label::box_lines(label::label_box(spot, text, font_px));
            placed.extend(taken.iter().cloned());
            lines.extend(taken);
            let font = style.font_colored(12.0, ink(&style.palette, which));
            draw_label_at(chart, text, spot, font)?;
        }
    }
    Ok(())
}

/// A line in pixels, as labels keep clear of it.
type Line = Vec<(f64, f64)>;

/// Where a time goes: the first spot clear of everything drawn, for the whole label and then
/// the time alone; failing that, the first where the time alone crosses neither its own line
/// nor the other time (a crowded narrow figure may run it over another line); failing that,
/// nowhere: the player and the table still give it.
fn time_spot<'a>(
    spots: &[Spot],
    texts: [&'a str; 2],
    font_px: f64,
    inside: label::BoxPx,
    (lines, own, placed): (&[Line], &[(f64, f64)], &[Line]),
) -> Option<(Spot, &'a str)> {
    let clear = |lines: &[Line], text: &'a str| {
        label::clear_spot(spots, text, font_px, lines, inside).map(|spot| (spot, text))
    };
    texts.iter().find_map(|text| clear(lines, text)).or_else(|| {
        let near: Vec<Line> = placed.iter().cloned().chain([own.to_vec()]).collect();
        clear(&near, texts[1])
    })
}

/// Each region's name along its top, where the lines are furthest away, last: it is the label
/// a narrow figure can best do without.
pub(super) fn region_names<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    regions: &[(f64, f64, Option<Which>)],
    scales: &Scales,
    style: &Style,
    lines: &mut Vec<Vec<(f64, f64)>>,
) -> DrawResult<DB> {
    let plane = chart.as_coord_spec();
    let p = style.palette;
    for &(from, to, who) in regions {
        let name = who.map_or("A and B", Which::label);
        let full = match (who, regions.len()) {
            (Some(_), 1) => format!("{name} finishes first at every length"),
            (Some(_), _) => format!("{name} finishes first"),
            (None, _) => format!("{name} finish together"),
        };
        let short = if who.is_some() { format!("{name} first") } else { "together".into() };
        let span = (plane.px((from, scales.y_hi)).0, plane.px((to, scales.y_hi)).0);
        let color = who.map(|which| ink(&p, which)).unwrap_or(p.text);
        draw_region_name(chart, span, &[&full, &short], (12.0, color), style, lines)?;
    }
    Ok(())
}
