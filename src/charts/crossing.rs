//! Figure 2: prefill, decode and total time against prompt length, at the current answer
//! length and rates, with the crossing where the two phases cost the same.

use super::label::{self, Edge, Spot};
use super::legend::LegendItem;
use super::plane::{draw_all, draw_axes, log_fraction, Axes, Layout, Plane, Scale};
use super::table::{Cell, DataTable};
use super::{backdrop_on, draw_if_clear, draw_placed, plane_of};
use super::{log_dashes, Chart, DrawResult, Palette, Style};
use crate::format;
use crate::model::deep::DeepRequest;
use crate::model::levers::{ResponseBand, RESPONSE_BANDS};
use crate::model::Request;
use crate::state::headline::Crossing;
use crate::state::{Figure, ModelView, Param, State};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::HPos;

/// Prompt lengths of the lesson's reference table.
pub const LESSON_PROMPTS: [f64; 10] =
    [100.0, 200.0, 500.0, 1_000.0, 2_000.0, 5_000.0, 10_000.0, 16_000.0, 20_000.0, 50_000.0];

/// One row of the prompt-length table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Row {
    pub prompt_tokens: f64,
    pub prefill_secs: f64,
    pub decode_secs: f64,
    pub total_secs: f64,
}

pub fn row(request: Request, prompt_tokens: f64) -> Row {
    let r = request.with_prompt(prompt_tokens);
    Row {
        prompt_tokens,
        prefill_secs: r.prefill_secs(),
        decode_secs: r.decode_secs(),
        total_secs: r.total_secs(),
    }
}

/// The lesson's table at the current answer length, rates and wait.
pub fn lesson_table(state: &State) -> Vec<Row> {
    LESSON_PROMPTS.iter().map(|&p| row(state.request(), p)).collect()
}

fn table_of(caption: String, rows: Vec<Row>, current_prompt: f64) -> DataTable {
    let current_row = rows.iter().position(|r| (r.prompt_tokens - current_prompt).abs() < 0.5);
    let rows = rows
        .into_iter()
        .map(|r| {
            vec![
                Cell::number(r.prompt_tokens, format::with_separators(r.prompt_tokens, 0)),
                Cell::number(r.prefill_secs, format::duration(r.prefill_secs)),
                Cell::number(r.decode_secs, format::duration(r.decode_secs)),
                Cell::number(r.total_secs, format::duration(r.total_secs)),
            ]
        })
        .collect();
    DataTable {
        caption,
        headers: vec!["prompt tokens", "prefill|s", "decode|s", "total|s"],
        rows,
        current_row,
    }
}

/// The lesson's prompt-length table at the current answer length, rates and wait, always on the
/// straight lines (the lesson's own table), which the caption says when the deeper model is on.
pub fn lesson_data(state: &State) -> DataTable {
    let caption = format!(
        "Prefill, decode and total time by prompt length{}, for an answer of {} at {} prefill and {} decode{}.",
        if state.model == ModelView::Deep { " on the straight lines" } else { "" },
        format::tokens(state.get(Param::Output)),
        format::rate(state.get(Param::Prefill)),
        format::rate(state.get(Param::Decode)),
        if state.request().wait_secs > 0.0 { format!(", after waiting {} before prefill", format::duration(state.request().wait_secs)) } else { String::new() },
    );
    table_of(caption, lesson_table(state), state.get(Param::Prompt))
}

/// Exactly what Figure 2 draws from, so the page redraws it only when one of these changes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CrossingInputs {
    pub request: Request,
    /// The deeper model, when the reader has switched it on.
    pub deep: Option<DeepRequest>,
    /// The crossing the page states, under the chosen model (`State::crossing`).
    pub crossing: Crossing,
}

impl Chart for CrossingInputs {
    type Input = State;

    fn of(state: &State) -> CrossingInputs {
        CrossingInputs {
            request: state.request(),
            deep: (state.model == ModelView::Deep).then(|| state.deep_request()),
            crossing: state.crossing(),
        }
    }

    #[inline(never)] // see `Chart`
    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
    ) -> DrawResult<DB> {
        let scales = Scales::of(self);
        let plane = self.plane_with(&scales, area.dim_in_pixel(), style);
        let chart = backdrop_on(area, &self.legend(&style.palette), plane, style)?;
        axes(&chart, style)?;
        response_rules(&chart, &scales, style)?;
        if let Some(deep) = self.deep {
            let at = self.crossing.prompt_tokens;
            deep_curves(&chart, (deep, at), &scales, style)?;
        }
        phase_curves(&chart, &scales, style)?;
        prompt_rule(&chart, &scales, self.request, style)?;
        let mut taken = obstacles(&chart, self, &scales);
        crossing_mark(&chart, &scales, self.request, style, &mut taken)?;
        if let Some(deep) = self.deep {
            let deep = (deep, self.crossing.prompt_tokens);
            let prompt = self.request.prompt_tokens;
            deep_crossing_label(&chart, deep, &scales, prompt, style, &mut taken)?;
        }
        prompt_label(&chart, &scales, self.request.prompt_tokens, style, &mut taken)?;
        response_rule_labels(&chart, &scales, style, &mut taken)
    }

    /// A few sentences for the canvas's accessible name, shown under the figure too: the
    /// crossing stated is the one the page states, under the chosen model.
    fn summary(&self) -> String {
        let inputs = self;
        let r = inputs.request;
        let c = inputs.crossing;
        let side = if c.passed() {
            "past it, so reading the prompt costs more"
        } else {
            "below it, so writing the answer costs more"
        };
        let crossing = c.prompt_tokens.map_or_else(
            || "never cross: reading the prompt never catches up".to_string(),
            |tokens| format!("cross at {}", format::tokens(tokens)),
        );
        let phases = match inputs.deep {
            None => format!(
                "Prefill grows with the prompt; decode stays at {} for a {}-token answer. They {crossing}.",
                format::duration(r.decode_secs()),
                format::with_separators(r.output_tokens, 0),
            ),
            Some(_) => format!(
                "On the deeper model (dashed), prefill bends upward as attention grows with the square of the prompt, and decode of a {}-token answer slows as the context grows. They {crossing}; the straight lines, drawn solid, would put the crossing at {}.",
                format::with_separators(r.output_tokens, 0),
                format::tokens(r.crossing_prompt_tokens()),
            ),
        };
        format!(
            "Prefill, decode and total time against prompt length. {phases} The current prompt, {}, is {side}.",
            format::tokens(r.prompt_tokens),
        )
    }

    /// Figure 2's data: one row per decade of the axis, plus the crossing and the reader's prompt.
    fn table(&self) -> DataTable {
        let inputs = self;
        let request = inputs.request;
        let spec = Param::Prompt.spec();
        let mut prompts: Vec<f64> =
            (1..=6).map(|e| 10f64.powi(e)).filter(|p| (spec.min..=spec.max).contains(p)).collect();
        if let Some(crossing) = inputs.crossing.prompt_tokens {
            prompts.push(crossing.clamp(spec.min, spec.max));
        }
        prompts.push(request.prompt_tokens);
        prompts.sort_unstable_by(f64::total_cmp);
        prompts.dedup_by(|a, b| (*a - *b).abs() < 0.5);
        let rows: Vec<Row> = prompts.iter().map(|&p| row(request, p)).collect();
        let mut table = table_of(
            format!("{} as a table: the phases by prompt length", Figure::Crossing.name()),
            rows,
            request.prompt_tokens,
        );
        // With the deeper model on, its three curves are columns too, beside the straight lines.
        if let Some(deep) = inputs.deep {
            table.headers.extend(["prefill, deeper|s", "decode, deeper|s", "total, deeper|s"]);
            for (cells, &p) in table.rows.iter_mut().zip(&prompts) {
                let d = deep.with_prompt(p).with_cached(0.0);
                for secs in [d.prefill_secs(), d.decode_secs(), d.total_secs()] {
                    cells.push(Cell::number(secs, format::duration(secs)));
                }
            }
        }
        table
    }
}

impl CrossingInputs {
    /// Where Figure 2's plot lies on a canvas `size` backend pixels large: where it is drawn,
    /// and what a pointer dragging the reader's prompt is read against.
    pub fn plane(&self, size: (u32, u32), style: &Style) -> Plane {
        self.plane_with(&Scales::of(self), size, style)
    }

    fn plane_with(&self, scales: &Scales, size: (u32, u32), style: &Style) -> Plane {
        let legend = self.legend(&style.palette);
        plane_of(size, &legend, scales.plane(), Layout::figure(style, 70.0), style)
    }

    /// The phases' colours, your prompt's dashed rule, and the deeper model's dashes when on.
    fn legend(&self, p: &Palette) -> Vec<LegendItem> {
        let mut items = vec![
            LegendItem { name: "prefill (reading the prompt)", color: p.prefill, dashed: false },
            LegendItem { name: "decode (writing the answer)", color: p.decode, dashed: false },
            LegendItem { name: "total", color: p.total, dashed: false },
            LegendItem { name: "your prompt", color: p.axis, dashed: true },
        ];
        if self.deep.is_some() {
            items.push(LegendItem { name: "dashed: deeper model", color: p.text, dashed: true });
        }
        items
    }
}

/// Figure 2's scales: prompt lengths across the prompt control's whole range, and time up
/// from under the cheaper phase to over the total (the deeper model's included), both log;
/// with the phases sampled along the prompt axis.
struct Scales {
    x_min: f64,
    x_max: f64,
    y_lo: f64,
    y_hi: f64,
    samples: Vec<Row>,
}

impl Scales {
    fn of(inputs: &CrossingInputs) -> Scales {
        let (x_min, x_max) = (Param::Prompt.spec().min, Param::Prompt.spec().max);
        let samples: Vec<Row> = (0..=60)
            .map(|i| row(inputs.request, x_min * (x_max / x_min).powf(i as f64 / 60.0)))
            .collect();
        let y_lo = samples
            .iter()
            .map(|r| r.prefill_secs.min(r.decode_secs))
            .fold(f64::INFINITY, f64::min)
            .max(1e-5)
            * 0.7;
        let deep_top =
            inputs.deep.map(|d| d.with_prompt(x_max).with_cached(0.0).total_secs()).unwrap_or(0.0);
        let y_hi =
            samples.iter().map(|r| r.total_secs).fold(deep_top, f64::max).max(y_lo * 10.0) * 1.5;
        Scales { x_min, x_max, y_lo, y_hi, samples }
    }

    fn plane(&self) -> (Scale, Scale) {
        (Scale::Log(self.x_min, self.x_max), Scale::Log(self.y_lo, self.y_hi))
    }

    /// One phase of the straight-line model along the prompt axis.
    fn curve(&self, value: fn(&Row) -> f64) -> Vec<(f64, f64)> {
        self.samples.iter().map(|r| (r.prompt_tokens, value(r))).collect()
    }

    /// One phase of the deeper model along the prompt axis, with nothing cached.
    fn deep_curve(&self, deep: DeepRequest, value: fn(&DeepRequest) -> f64) -> Vec<(f64, f64)> {
        self.samples
            .iter()
            .map(|r| (r.prompt_tokens, value(&deep.with_prompt(r.prompt_tokens).with_cached(0.0))))
            .collect()
    }

    /// The response-time bands whose limit falls well inside the time axis.
    fn bands(&self) -> impl Iterator<Item = &'static ResponseBand> + '_ {
        RESPONSE_BANDS
            .iter()
            .filter(|b| b.limit_secs > self.y_lo * 1.5 && b.limit_secs < self.y_hi / 1.5)
    }
}

fn axes<DB: DrawingBackend>(chart: &DrawingArea<DB, Plane>, style: &Style) -> DrawResult<DB> {
    let axes = Axes {
        x_desc: "prompt length (tokens, log scale)",
        y_desc: "time (s, log scale)",
        x_ticks: 6,
        y_ticks: 6,
        x_label: &|x| format::short_count(x, 0),
        y_label: &|y| format::duration(y),
        x_grid: true,
        y_grid: true,
    };
    draw_axes(chart, &axes, style)
}

/// Response-time bands, as faint dashed horizontal rules (named last, by
/// [`response_rule_labels`]).
fn response_rules<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    scales: &Scales,
    style: &Style,
) -> DrawResult<DB> {
    for band in scales.bands() {
        let (from, to) = ((scales.x_min, band.limit_secs), (scales.x_max, band.limit_secs));
        for seg in log_dashes(from, to, 40) {
            chart.draw(&PathElement::new(seg, style.line(style.palette.grid, 1.0)))?;
        }
    }
    Ok(())
}

/// The deeper model's three phases, dashed beside the straight lines, and its crossing (the one
/// the page states, `State::crossing`) marked where it falls on the axis (named later, by
/// [`deep_crossing_label`]).
fn deep_curves<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    (deep, crossing): (DeepRequest, Option<f64>),
    scales: &Scales,
    style: &Style,
) -> DrawResult<DB> {
    let p = style.palette;
    for (points, color) in [
        (scales.deep_curve(deep, |d| d.prefill_secs()), p.prefill),
        (scales.deep_curve(deep, |d| d.decode_secs()), p.decode),
        (scales.deep_curve(deep, |d| d.total_secs()), p.total),
    ] {
        for pair in points.windows(2) {
            if let [a, b] = pair {
                for seg in log_dashes(*a, *b, 1) {
                    chart.draw(&PathElement::new(seg, style.line(color, 2.0)))?;
                }
            }
        }
    }
    let (x_min, x_max) = (scales.x_min, scales.x_max);
    let Some(crossing) = crossing.filter(|c| (x_min..=x_max).contains(c)) else {
        return Ok(());
    };
    let at = (crossing, deep.with_prompt(crossing).with_cached(0.0).decode_secs());
    chart.draw(&Circle::new(at, style.px(6.0), p.marker.filled()))
}

/// The deeper model's crossing named beside its dot, by the label placer (after the
/// straight-line crossing's label, which it keeps clear of, as the labels after it keep clear
/// of it); the count alone where the whole label has no clear spot, and nothing where neither
/// has.
fn deep_crossing_label<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    (deep, crossing): (DeepRequest, Option<f64>),
    scales: &Scales,
    prompt: f64,
    style: &Style,
    lines: &mut Vec<Vec<(f64, f64)>>,
) -> DrawResult<DB> {
    let Some(crossing) = crossing.filter(|c| (scales.x_min..=scales.x_max).contains(c)) else {
        return Ok(());
    };
    let decode_secs = deep.with_prompt(crossing).with_cached(0.0).decode_secs();
    // On the side away from the straight lines' crossing, whose label is already placed near
    // its own ring: the two crossings are often close, and their labels would meet between them.
    let plane = chart.as_coord_spec();
    let leftwards = crossing <= deep.base.crossing_prompt_tokens();
    let (step, edge) = if leftwards { (1.0 / 1.25, Edge::End) } else { (1.25, Edge::Start) };
    let mut spots: Vec<Spot> = [0.3, 0.15, 3.0, 6.0, 0.06]
        .into_iter()
        .map(|f| {
            let (x, y) = plane.px((crossing * step, decode_secs * f));
            Spot::new(x, y, edge, Edge::Middle)
        })
        .collect();
    spots.extend(crossing_spots(plane, scales, (crossing, decode_secs), prompt, style));
    let count = format::tokens(crossing);
    let text = format!("deeper: {count}");
    // Where no spot is clear (a narrow figure with both crossings close), the dot goes unnamed
    // rather than over the straight crossing's label: the text alternative states it.
    let inside = plane.plot_box();
    let font = (12.0, style.palette.marker);
    draw_if_clear(chart, &[&text, &count], &spots, inside, font, style, lines)
}

/// Prefill, decode and their total under the straight-line model.
fn phase_curves<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    scales: &Scales,
    style: &Style,
) -> DrawResult<DB> {
    let p = style.palette;
    chart.draw(&PathElement::new(scales.curve(|r| r.prefill_secs), style.line(p.prefill, 2.5)))?;
    chart.draw(&PathElement::new(scales.curve(|r| r.decode_secs), style.line(p.decode, 2.5)))?;
    chart.draw(&PathElement::new(scales.curve(|r| r.total_secs), style.line(p.total, 1.5)))
}

/// The current prompt, as a dashed vertical rule with a dot on each phase.
fn prompt_rule<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    scales: &Scales,
    request: Request,
    style: &Style,
) -> DrawResult<DB> {
    let p = style.palette;
    let prompt = request.prompt_tokens;
    for seg in log_dashes((prompt, scales.y_lo), (prompt, scales.y_hi), 24) {
        chart.draw(&PathElement::new(seg, style.line(p.axis, 1.5)))?;
    }
    let now = row(request, prompt);
    draw_all(
        chart,
        [now.prefill_secs, now.decode_secs, now.total_secs]
            .into_iter()
            .map(|y| Circle::new((prompt, y), style.px(3.5), p.axis.filled())),
    )
}

/// What the labels keep clear of, in pixels: every curve, the prompt's rule and the
/// response-time rules.
fn obstacles<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    inputs: &CrossingInputs,
    scales: &Scales,
) -> Vec<Vec<(f64, f64)>> {
    let plane = *chart.as_coord_spec();
    let prompt = inputs.request.prompt_tokens;
    let mut lines: Vec<Vec<(f64, f64)>> = [
        scales.curve(|r| r.prefill_secs),
        scales.curve(|r| r.decode_secs),
        scales.curve(|r| r.total_secs),
        vec![(prompt, scales.y_lo), (prompt, scales.y_hi)],
    ]
    .iter()
    .map(|line| plane.px_line(line))
    .collect();
    if let Some(deep) = inputs.deep {
        lines.push(plane.px_line(&scales.deep_curve(deep, |d| d.prefill_secs())));
        lines.push(plane.px_line(&scales.deep_curve(deep, |d| d.decode_secs())));
        lines.push(plane.px_line(&scales.deep_curve(deep, |d| d.total_secs())));
    }
    lines.extend(
        scales
            .bands()
            .map(|b| plane.px_line(&[(scales.x_min, b.limit_secs), (scales.x_max, b.limit_secs)])),
    );
    lines
}

/// The crossing: a ring on the decode line and its prompt length beside it, or, when it falls
/// off the axis, where it is in words.
fn crossing_mark<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    scales: &Scales,
    request: Request,
    style: &Style,
    lines: &mut Vec<Vec<(f64, f64)>>,
) -> DrawResult<DB> {
    let p = style.palette;
    let (x_min, x_max) = (scales.x_min, scales.x_max);
    let crossing = request.crossing_prompt_tokens();
    if !(x_min..=x_max).contains(&crossing) {
        let edge = if crossing > x_max { "beyond the right edge" } else { "beyond the left edge" };
        return chart.draw(&Text::new(
            format!("crossing at {} ({edge})", format::tokens(crossing)),
            (x_min * 1.2, scales.y_lo * 1.6),
            style.label(12.0, p.marker, HPos::Left),
        ));
    }
    let at = (crossing, request.decode_secs());
    chart.draw(&Circle::new(at, style.px(6.0), p.marker.stroke_width(style.px(2.5))))?;
    let spots = crossing_spots(chart.as_coord_spec(), scales, at, request.prompt_tokens, style);
    // Where no spot is clear, the number alone: the marker's colour says what it is.
    let count = format::tokens(crossing);
    let text = format!("crossing: {count}");
    draw_placed(chart, &[&text, &count], &spots, (12.0, p.marker), style, lines)
}

/// Where the crossing's label may go, best first. Right of the crossing and below the decode
/// line is empty (prefill has risen above it); when the prompt line or the right edge is in the
/// way, the space above the lines on the left instead; then further above or below, and the
/// other corners, when a line or label is there.
fn crossing_spots(
    plane: &Plane,
    scales: &Scales,
    (crossing, decode_secs): (f64, f64),
    prompt: f64,
    style: &Style,
) -> Vec<Spot> {
    let right_below = |f: f64| {
        let (x, y) = plane.px((crossing * 1.25, decode_secs * f));
        Spot::new(x, y, Edge::Start, Edge::Middle)
    };
    let left_above = |f: f64| {
        let (x, y) = plane.px((crossing / 1.25, decode_secs * f));
        Spot::new(x, y, Edge::End, Edge::Middle)
    };
    let mut spots = vec![right_below(0.5), right_below(0.25), left_above(3.5), left_above(7.0)];
    if !label_goes_right(crossing, prompt, scales.x_min, scales.x_max) {
        spots.rotate_left(2);
    }
    spots.extend([right_below(3.5), left_above(0.5), right_below(0.1), left_above(0.2)]);
    // On a narrow figure, the empty corner under the lines at the right edge.
    let right_edge = plane.plot_box().right - 6.0 * style.scale;
    spots.extend([0.1, 0.03].map(|f| {
        Spot::new(right_edge, plane.px((crossing, decode_secs * f)).1, Edge::End, Edge::Middle)
    }));
    spots
}

/// The prompt's rule is named near the top, on the side with more room first; on a narrow
/// figure the count alone, when the whole label has no clear spot.
fn prompt_label<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    scales: &Scales,
    prompt: f64,
    style: &Style,
    lines: &mut Vec<Vec<(f64, f64)>>,
) -> DrawResult<DB> {
    let plane = chart.as_coord_spec();
    let inside = plane.plot_box();
    let right_first = prompt <= scales.x_min * (scales.x_max / scales.x_min).powf(0.75);
    let ys = [0.2, 0.1, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]
        .map(|down| inside.top + (inside.bottom - inside.top) * down);
    let gap = 4.0 * style.scale;
    let spots = label::beside_vertical(plane.px((prompt, scales.y_hi)).0, &ys, gap, right_first);
    let count = format::tokens(prompt);
    let text = format!("your prompt: {count}");
    draw_placed(chart, &[&text, &count], &spots, (12.0, style.palette.text), style, lines)
}

/// Each response-time rule is named just above it at the right edge, else at the left edge,
/// else just below it; on a figure too crowded for any of those, not at all (the axis still
/// reads the time).
fn response_rule_labels<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    scales: &Scales,
    style: &Style,
    lines: &mut Vec<Vec<(f64, f64)>>,
) -> DrawResult<DB> {
    let plane = chart.as_coord_spec();
    let inside = plane.plot_box();
    let gap = 4.0 * style.scale;
    let (left, right) = (inside.left + gap, inside.right - gap);
    for band in scales.bands() {
        let time = format::duration(band.limit_secs);
        let text = format!("{time}: {}", band.label);
        let (_, y) = plane.px((scales.x_min, band.limit_secs));
        let spots = [
            Spot::new(right, y - gap / 2.0, Edge::End, Edge::End),
            Spot::new(left, y - gap / 2.0, Edge::Start, Edge::End),
            Spot::new(right, y + gap / 2.0, Edge::End, Edge::Start),
            Spot::new(left, y + gap / 2.0, Edge::Start, Edge::Start),
        ];
        let font = (11.0, style.palette.axis);
        draw_if_clear(chart, &[&text, &time], &spots, inside, font, style, lines)?;
    }
    Ok(())
}

/// Whether a crossing's label (about a fifth of the axis wide) goes right of the crossing: yes
/// when it fits before the right edge and the prompt's dashed line does not run through it.
fn label_goes_right(crossing: f64, prompt: f64, x_min: f64, x_max: f64) -> bool {
    const WIDTH: f64 = 0.25;
    let (c, p) = (log_fraction(crossing, x_min, x_max), log_fraction(prompt, x_min, x_max));
    let fits = c + WIDTH <= 1.0;
    let prompt_in_the_way = p > c && p < c + WIDTH;
    fits && !prompt_in_the_way
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_crossing_label_keeps_clear_of_the_prompt_line() {
        let (lo, hi) = (10.0, 1e6);
        // The lesson's defaults: the prompt (16,000) is left of the crossing (40,000).
        assert!(label_goes_right(40_000.0, 16_000.0, lo, hi));
        // A prompt just right of the crossing would run through a label on that side.
        assert!(!label_goes_right(40_000.0, 60_000.0, lo, hi));
        // No room before the right edge.
        assert!(!label_goes_right(500_000.0, 100.0, lo, hi));
    }

    #[test]
    fn summary_names_the_crossing() {
        let s = CrossingInputs::of(&State::default()).summary();
        assert!(s.contains("cross at 40,000 tokens"), "{s}");
        assert!(s.contains("below it"), "{s}");
    }

    #[test]
    fn with_the_deeper_model_the_caption_states_the_deeper_crossing() {
        let mut state = State::default();
        state.model = ModelView::Deep;
        let s = CrossingInputs::of(&state).summary();
        assert!(s.contains("cross at 32,943 tokens"), "{s}");
        assert!(s.contains("would put the crossing at 40,000 tokens"), "{s}");
        assert!(lesson_data(&state).caption.contains("on the straight lines"));
        let table = CrossingInputs::of(&state).table();
        let at = table.rows.iter().find(|row| row.first().is_some_and(|c| c.text == "32,943"));
        // At the deeper crossing its prefill and decode columns agree.
        let deeper = at.map(|row| (row[4].value, row[5].value));
        assert!(matches!(deeper, Some((Some(p), Some(d))) if (p - d).abs() < 1e-9), "{deeper:?}");
    }
}
