//! The two-deployments figure: time to finish an answer against its length, for A and B, with
//! the crossover where the quicker first token stops winning, the reader's current length, and
//! how long a person takes to read that many tokens.

use super::label::{self, Edge, Spot};
use super::legend::LegendItem;
use super::plane::{draw_axes, log_fraction, Axes, Layout, Plane, Scale};
use super::table::{Cell, DataTable};
use super::{backdrop_on, draw_placed, draw_region_name, plane_of};
use super::{Chart, DrawResult, Palette, Style};
use crate::format;
use crate::model::deployments::{Comparison, Crossover, Deployment, Which, Winner, MOST_TOKENS};
use crate::model::ReadingSpeed;
use crate::state::{Param, State};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::HPos;

/// The label for a crossover that is not on the axis: where it is (`at`), or why there is none.
pub fn crossover_elsewhere_text(crossover: Crossover, at: impl Fn(f64) -> &'static str) -> String {
    match crossover {
        Crossover::At { tokens, .. } => {
            format!("crossover at {} ({})", crossover_tokens_text(tokens), at(tokens))
        }
        Crossover::Never { faster } => format!("no crossover: {} is never slower", faster.label()),
        Crossover::Identical => "no crossover: A and B are identical".to_string(),
    }
}

/// Answer lengths of the lesson's two-deployment table.
pub const LESSON_LENGTHS: [f64; 5] = [20.0, 30.0, 100.0, 600.0, 2_000.0];

/// Everything the figure needs, as plain numbers so the page's state can build it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CompletionInputs {
    pub a: Deployment,
    pub b: Deployment,
    pub answer_tokens: f64,
    pub reading: ReadingSpeed,
    /// The moment of the race being played, when it is: a level line at that time, with how
    /// far each deployment has written by then marked on its line.
    pub cursor_secs: Option<f64>,
}

impl Default for CompletionInputs {
    /// The lesson's pair on a 600-token support answer.
    fn default() -> Self {
        CompletionInputs {
            a: Deployment::LESSON_A,
            b: Deployment::LESSON_B,
            answer_tokens: 600.0,
            reading: ReadingSpeed::default(),
            cursor_secs: None,
        }
    }
}

impl Chart for CompletionInputs {
    type Input = State;

    fn of(state: &State) -> CompletionInputs {
        let c = state.comparison();
        CompletionInputs {
            a: c.a,
            b: c.b,
            answer_tokens: state.get(Param::RaceAnswer),
            reading: state.reading(),
            cursor_secs: None,
        }
    }

    #[inline(never)] // see `Chart`
    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
    ) -> DrawResult<DB> {
        let scales = Scales::of(self);
        let comparison = self.comparison();
        let crossover = comparison.crossover();
        let regions = regions(crossover, scales.x_lo, scales.x_hi);
        let plane = self.plane_with(&scales, area.dim_in_pixel(), style);
        let chart = backdrop_on(area, &legend(&style.palette), plane, style)?;
        draw_region_tints(&chart, &regions, (scales.y_lo, scales.y_hi), &style.palette)?;
        axes(&chart, style)?;
        finish_lines(&chart, &scales, style)?;
        crossover_mark(&chart, &comparison, &scales, style)?;
        let answer = self.answer();
        answer_rule(&chart, &scales, answer, style)?;
        let mut taken = obstacles(chart.as_coord_spec(), crossover, &scales, answer);
        // Labels go in order of need, each keeping clear of the lines and of those placed
        // before it: the crossover, both times, the answer's rule, and the regions' names
        // last, left out where a narrow figure has no room for them.
        let here = row(self, answer);
        answer_points(&chart, &scales, &here, style)?;
        crossover_label(&chart, crossover, &scales, style, &mut taken)?;
        time_labels(&chart, &scales, &here, style, &mut taken)?;
        answer_label(&chart, &scales, answer, style, &mut taken)?;
        region_names(&chart, &regions, &scales, style, &mut taken)?;
        match self.cursor_secs {
            Some(secs) => race_cursor(&chart, self, &scales, secs, style),
            None => Ok(()),
        }
    }

    /// The text alternative of the figure, in a few sentences.
    fn summary(&self) -> String {
        let inputs = self;
        let comparison = inputs.comparison();
        let n = inputs.answer();
        let here = row(inputs, n);
        let shape = match comparison.crossover() {
            Crossover::At { tokens, below, above } => format!(
                "The lines cross at {}: shorter answers finish first on {}, longer ones on {}.",
                crossover_tokens_text(tokens),
                below.label(),
                above.label()
            ),
            Crossover::Never { faster } => {
                format!("The lines never cross: {} is never the slower of the two, so it finishes first at every length.", faster.label())
            }
            Crossover::Identical => {
                "The two deployments are the same, so every answer finishes at the same moment on both."
                    .to_string()
            }
        };
        let verdict = match here.winner {
            Winner::Tie => "so both finish together".to_string(),
            w => format!("so {} finishes first", w.data_value()),
        };
        format!(
            "Time to finish an answer against its length. A: {}. B: {}. {shape} For your answer of {}, A takes {} and B {}, {verdict}. Reading it at {} takes {}.",
            describe(&comparison.a),
            describe(&comparison.b),
            format::tokens(n),
            format::duration(here.a_secs),
            format::duration(here.b_secs),
            format::rate(inputs.reading.tokens_per_sec()),
            format::duration(here.reading_secs),
        )
    }

    /// Figure 3's data: [`rows`] with the reader's own length highlighted.
    fn table(&self) -> DataTable {
        let inputs = self;
        let all = rows(inputs);
        let current_row = all.iter().position(|r| r.answer_tokens == inputs.answer());
        let rows = all
            .iter()
            .map(|r| {
                vec![
                    Cell::number(r.answer_tokens, format::trimmed(r.answer_tokens, 1)),
                    Cell::number(r.a_secs, format::duration(r.a_secs)),
                    Cell::number(r.b_secs, format::duration(r.b_secs)),
                    Cell::number(r.reading_secs, format::duration(r.reading_secs)),
                    Cell::text(r.winner.data_value()),
                ]
            })
            .collect();
        DataTable {
            caption: "Figure 3 as a table: time to finish by answer length".to_string(),
            headers: vec!["answer tokens", "A|s", "B|s", "time to read it|s", "first to finish"],
            rows,
            current_row,
        }
    }
}

impl CompletionInputs {
    /// Where Figure 3's plot lies on a canvas `size` backend pixels large: where it is drawn,
    /// and what a pointer dragging the answer's length is read against.
    pub fn plane(&self, size: (u32, u32), style: &Style) -> Plane {
        self.plane_with(&Scales::of(self), size, style)
    }

    fn plane_with(&self, scales: &Scales, size: (u32, u32), style: &Style) -> Plane {
        let legend = legend(&style.palette);
        plane_of(size, &legend, scales.plane(), Layout::figure(style, 70.0), style)
    }

    pub fn comparison(&self) -> Comparison {
        Comparison::new(self.a, self.b)
    }

    /// The answer length as the model uses it (NaN and negatives count as zero).
    fn answer(&self) -> f64 {
        let n = self.answer_tokens;
        if n.is_nan() {
            0.0
        } else {
            n.clamp(0.0, MOST_TOKENS)
        }
    }
}

/// One answer length: both completion times, the reading time and who finishes first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Row {
    pub answer_tokens: f64,
    pub a_secs: f64,
    pub b_secs: f64,
    /// How long a person takes to read that many tokens.
    pub reading_secs: f64,
    pub winner: Winner,
}

pub fn row(inputs: &CompletionInputs, answer_tokens: f64) -> Row {
    let race = inputs.comparison().race_at(answer_tokens);
    let n = if answer_tokens.is_nan() { 0.0 } else { answer_tokens.clamp(0.0, MOST_TOKENS) };
    Row {
        answer_tokens,
        a_secs: race.a_secs,
        b_secs: race.b_secs,
        reading_secs: n / inputs.reading.tokens_per_sec(),
        winner: race.winner,
    }
}

/// The lesson's table for the current deployments.
pub fn lesson_table(inputs: &CompletionInputs) -> Vec<Row> {
    LESSON_LENGTHS.iter().map(|&n| row(inputs, n)).collect()
}

/// The figure's data table: the lesson's lengths, the current length and the crossover, in
/// order of length, each once.
pub fn rows(inputs: &CompletionInputs) -> Vec<Row> {
    let mut lengths: Vec<f64> = LESSON_LENGTHS.to_vec();
    lengths.push(inputs.answer());
    if let Some(n) = inputs.comparison().crossover().tokens() {
        lengths.push(n);
    }
    lengths.sort_unstable_by(f64::total_cmp);
    lengths.dedup();
    lengths.into_iter().map(|n| row(inputs, n)).collect()
}

/// A crossover length as the page writes it: one decimal, since it is rarely a whole number.
pub fn crossover_tokens_text(tokens: f64) -> String {
    let count = format::trimmed(tokens, 1);
    if count == "1" {
        "1 token".to_string()
    } else {
        format!("{count} tokens")
    }
}

fn describe(d: &Deployment) -> String {
    format!(
        "first token after {}, then {}",
        format::duration(d.ttft()),
        format::rate(1.0 / d.secs_per_token())
    )
}

/// The figure's scales, both log: answer lengths across ([`x_range`]), and time up from just
/// under the quickest of both finishes and the reading time to twice the slowest; with both
/// deployments and the reader sampled along the length axis.
struct Scales {
    x_lo: f64,
    x_hi: f64,
    y_lo: f64,
    y_hi: f64,
    samples: Vec<Row>,
}

impl Scales {
    fn of(inputs: &CompletionInputs) -> Scales {
        let (x_lo, x_hi) = x_range(inputs);
        let samples: Vec<Row> =
            (0..=120).map(|i| row(inputs, x_lo * (x_hi / x_lo).powf(i as f64 / 120.0))).collect();
        // Every value is positive (lengths start above zero), so the log axis can hold them all.
        let smallest = samples
            .iter()
            .map(|r| r.a_secs.min(r.b_secs).min(r.reading_secs))
            .fold(f64::INFINITY, f64::min);
        let largest =
            samples.iter().map(|r| r.a_secs.max(r.b_secs).max(r.reading_secs)).fold(0.0, f64::max);
        let y_hi = if largest.is_finite() && largest > 0.0 { largest * 2.0 } else { 1e3 };
        // At most twelve decades: a reader racing at absurd speeds would otherwise stretch the
        // axis over hundreds of decades (and plotters would lay out a grid line for each).
        // Whatever falls below is drawn along the floor.
        let y_lo = if smallest.is_finite() && smallest > 0.0 {
            (smallest * 0.7).max(y_hi * 1e-12)
        } else {
            y_hi * 1e-4
        };
        let y_lo = y_lo.min(y_hi / 10.0);
        Scales { x_lo, x_hi, y_lo, y_hi, samples }
    }

    fn plane(&self) -> (Scale, Scale) {
        (Scale::Log(self.x_lo, self.x_hi), Scale::Log(self.y_lo, self.y_hi))
    }

    /// A time held to the axis, so what falls outside is drawn along its edge.
    fn fit(&self, secs: f64) -> f64 {
        secs.clamp(self.y_lo, self.y_hi)
    }

    /// A deployment's time to finish along the length axis.
    fn finish_line(&self, which: Which) -> Vec<(f64, f64)> {
        let secs = |r: &Row| if which == Which::A { r.a_secs } else { r.b_secs };
        self.samples.iter().map(|r| (r.answer_tokens, self.fit(secs(r)))).collect()
    }

    /// The time to read n tokens at the reader's pace, along the length axis.
    fn reading_line(&self) -> Vec<(f64, f64)> {
        self.samples.iter().map(|r| (r.answer_tokens, self.fit(r.reading_secs))).collect()
    }

    /// The crossover's length, when it falls on the axis.
    fn on_axis(&self, crossover: Crossover) -> Option<f64> {
        match crossover {
            Crossover::At { tokens, .. } if (self.x_lo..=self.x_hi).contains(&tokens) => {
                Some(tokens)
            }
            _ => None,
        }
    }
}

fn legend(p: &Palette) -> [LegendItem; 4] {
    [
        LegendItem { name: "deployment A", color: p.prefill, dashed: false },
        LegendItem { name: "deployment B", color: p.decode, dashed: false },
        LegendItem { name: "time to read it", color: p.reading, dashed: true },
        LegendItem { name: "your answer", color: p.axis, dashed: true },
    ]
}

fn axes<DB: DrawingBackend>(chart: &DrawingArea<DB, Plane>, style: &Style) -> DrawResult<DB> {
    let axes = Axes {
        x_desc: "answer length (tokens, log scale)",
        y_desc: "time to finish (s, log scale)",
        x_ticks: 6,
        y_ticks: 6,
        x_label: &|x| format::short_count(x, 3),
        y_label: &|y| format::duration(y),
        x_grid: true,
        y_grid: true,
    };
    draw_axes(chart, &axes, style)
}

/// The reading reference (dashed: every other segment, so it follows the clamped values),
/// then both deployments' times to finish.
fn finish_lines<DB: DrawingBackend>(
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
    }
    Ok(())
}

/// The race being played, at `secs`: a level line at that time, and on each deployment's line
/// the length it has written by then (a line's height is when that many tokens are done).
fn race_cursor<DB: DrawingBackend>(
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

/// The crossover: a dashed rule and a ring on the lines where it is on the axis, or where it
/// is (or why there is none) in words.
fn crossover_mark<DB: DrawingBackend>(
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
    for seg in super::log_dashes((tokens, y_lo), (tokens, y_hi), 24) {
        chart.draw(&PathElement::new(seg, style.line(p.marker, 1.5)))?;
    }
    let at = (tokens, scales.fit(comparison.a.completion_secs(tokens)));
    chart.draw(&Circle::new(at, style.px(6.0), p.marker.stroke_width(style.px(2.5))))
}

/// The current answer length, as a dashed rule.
fn answer_rule<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    scales: &Scales,
    answer: f64,
    style: &Style,
) -> DrawResult<DB> {
    let x = answer.clamp(scales.x_lo, scales.x_hi);
    for seg in super::log_dashes((x, scales.y_lo), (x, scales.y_hi), 24) {
        chart.draw(&PathElement::new(seg, style.line(style.palette.axis, 1.5)))?;
    }
    Ok(())
}

/// What a label must keep clear of, in pixels: both lines, the reading line, the answer's rule
/// and the crossover's.
fn obstacles(
    plane: &Plane,
    crossover: Crossover,
    scales: &Scales,
    answer: f64,
) -> Vec<Vec<(f64, f64)>> {
    let x = answer.clamp(scales.x_lo, scales.x_hi);
    let mut lines: Vec<Vec<(f64, f64)>> = [Which::A, Which::B]
        .into_iter()
        .map(|which| plane.px_line(&scales.finish_line(which)))
        .collect();
    lines.push(plane.px_line(&scales.reading_line()));
    lines.push(plane.px_line(&[(x, scales.y_lo), (x, scales.y_hi)]));
    if let Some(tokens) = scales.on_axis(crossover) {
        lines.push(plane.px_line(&[(tokens, scales.y_lo), (tokens, scales.y_hi)]));
    }
    lines
}

/// Both deployments' times at the current answer length, as dots on the answer's rule.
fn answer_points<DB: DrawingBackend>(
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

/// The crossover's length near the floor, below both lines on the side where they have risen;
/// higher, or on the other side, where the answer's rule stands in the way. Where even that
/// finds no room (a phone), the number alone: the marker and the rule's colour say what it is.
fn crossover_label<DB: DrawingBackend>(
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
    let ys = [0.05, 0.14, 0.23].map(|h| plane.px((tokens, y_lo * (y_hi / y_lo).powf(h))).1);
    let spots = label::beside_vertical(rule_x, &ys, 6.0 * style.scale, right_first);
    let number = crossover_tokens_text(tokens);
    let text = format!("crossover: {number}");
    let font = (12.0, style.palette.marker);
    draw_placed(chart, &[&text, &number], &spots, font, style, lines)
}

/// Each time beside its point: both lines rise to the right, so above-left of the upper point
/// and below-right of the lower one are tried first, then the other corners.
fn time_labels<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    scales: &Scales,
    here: &Row,
    style: &Style,
    lines: &mut Vec<Vec<(f64, f64)>>,
) -> DrawResult<DB> {
    let plane = chart.as_coord_spec();
    let x = here.answer_tokens.clamp(scales.x_lo, scales.x_hi);
    let gap = 6.0 * style.scale;
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
            ]
        } else {
            [
                below_right,
                below_left,
                Spot { y: cy + far, ..below_right },
                Spot { y: cy + far, ..below_left },
                above_right,
                above_left,
            ]
        };
        let text = format!("{} {}", which.label(), format::duration(secs));
        let font = (12.0, ink(&style.palette, which));
        draw_placed(chart, &[&text], &spots, font, style, lines)?;
    }
    Ok(())
}

/// The answer's rule is named near the top, on whichever side is clear. The legend names the
/// rule, so a narrow figure can do with the length alone.
fn answer_label<DB: DrawingBackend>(
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

/// Each region's name along its top, where the lines are furthest away, last: it is the label
/// a narrow figure can best do without.
fn region_names<DB: DrawingBackend>(
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

/// The axis widens for a crossover up to this length and no further: past it no real answer
/// lives, and stretching the axis would squeeze every plausible length into a corner.
const WIDEST_CROSSOVER_SHOWN: f64 = 1e6;

/// The horizontal extent: the lesson's range, widened to show the current length and a
/// plausible crossover with some room either side.
fn x_range(inputs: &CompletionInputs) -> (f64, f64) {
    let (mut lo, mut hi) = (1.0_f64, 10_000.0_f64);
    let answer = inputs.answer();
    let crossover =
        inputs.comparison().crossover().tokens().filter(|n| *n <= WIDEST_CROSSOVER_SHOWN);
    for x in [Some(answer).filter(|n| *n > 0.0), crossover].into_iter().flatten() {
        lo = lo.min(x / 2.0);
        hi = hi.max(x * 2.0);
    }
    (lo.max(1e-3), hi.min(MOST_TOKENS * 2.0))
}

/// A deployment's colour on the figures that compare the two.
pub(super) fn ink(p: &Palette, which: Which) -> RGBColor {
    match which {
        Which::A => p.prefill,
        Which::B => p.decode,
    }
}

/// The pale tint behind the lengths a deployment finishes first.
pub(super) fn tint(p: &Palette, which: Which) -> RGBColor {
    match which {
        Which::A => p.prefill_band,
        Which::B => p.decode_band,
    }
}

/// Who finishes first, as regions tinted from `bottom` to `top` behind everything else.
pub(super) fn draw_region_tints<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    regions: &[(f64, f64, Option<Which>)],
    (bottom, top): (f64, f64),
    p: &Palette,
) -> DrawResult<DB> {
    for &(from, to, who) in regions.iter().filter(|(from, to, _)| to > from) {
        let fill = who.map(|which| tint(p, which)).unwrap_or(p.wait_band);
        chart.draw(&Rectangle::new([(from, bottom), (to, top)], fill.filled()))?;
    }
    Ok(())
}

/// The stretches of a length axis from `x_lo` to `x_hi`, each with the deployment that finishes
/// answers of those lengths first (`None` where the two always tie).
pub(super) fn regions(
    crossover: Crossover,
    x_lo: f64,
    x_hi: f64,
) -> Vec<(f64, f64, Option<Which>)> {
    match crossover {
        Crossover::At { tokens, below, above } => {
            let split = tokens.clamp(x_lo, x_hi);
            vec![(x_lo, split, Some(below)), (split, x_hi, Some(above))]
        }
        Crossover::Never { faster } => vec![(x_lo, x_hi, Some(faster))],
        Crossover::Identical => vec![(x_lo, x_hi, None)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_widens_for_the_answer_and_the_crossover() {
        assert_eq!(x_range(&CompletionInputs::default()), (1.0, 10_000.0));
        let long = CompletionInputs { answer_tokens: 100_000.0, ..CompletionInputs::default() };
        assert_eq!(x_range(&long).1, 200_000.0);
        let empty = CompletionInputs { answer_tokens: 0.0, ..CompletionInputs::default() };
        assert_eq!(x_range(&empty), (1.0, 10_000.0));
    }

    #[test]
    fn rows_include_the_answer_and_the_crossover_once() {
        let inputs = CompletionInputs::default();
        let n_star = inputs.comparison().crossover().tokens().unwrap_or(f64::NAN);
        let r = rows(&inputs);
        let lengths: Vec<f64> = r.iter().map(|r| r.answer_tokens).collect();
        assert_eq!(lengths, vec![20.0, n_star, 30.0, 100.0, 600.0, 2_000.0]);
        assert_eq!(
            r.iter().find(|r| r.answer_tokens == n_star).map(|r| r.winner),
            Some(Winner::Tie)
        );
    }
}
