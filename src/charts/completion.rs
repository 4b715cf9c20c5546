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
use crate::measurements::compare::Overlay;
use crate::model::deployments::{
    Comparison, Consumer, Crossover, Deployment, Which, Winner, MOST_TOKENS,
};
use crate::model::workload::LengthDistribution;
use crate::model::ReadingSpeed;
use crate::state::{Load, Param, State};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::HPos;
use std::sync::Arc;

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
#[derive(Clone, Debug, PartialEq)]
pub struct CompletionInputs {
    pub a: Deployment,
    pub b: Deployment,
    pub answer_tokens: f64,
    pub reading: ReadingSpeed,
    /// The moment of the race being played, when it is: a level line at that time, with how
    /// far each deployment has written by then marked on its line.
    pub cursor_secs: Option<f64>,
    /// The pair at the busiest hour, drawn dashed beside the quiet one while the lab decides
    /// for that hour.
    pub peak: Option<Comparison>,
    /// Who takes the answer: the time to read it is drawn only for a person.
    pub consumer: Consumer,
    /// The median and the 90th percentile of the answers the lab weighs, marked on the axis.
    pub spread_tokens: (f64, f64),
    /// When both deployments come from loaded runs: their requests and the crossover's
    /// interval, drawn faintly behind the lines. Not in the state: the page adds it.
    pub runs: Option<Arc<Overlay>>,
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
            peak: None,
            consumer: Consumer::Reader,
            spread_tokens: spread_marks(&LengthDistribution::LESSON),
            runs: None,
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
            peak: (state.load == Load::Peak).then(|| state.peak_comparison()),
            consumer: state.consumer,
            spread_tokens: spread_marks(&state.decision_lengths()),
            runs: None,
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
        let chart = backdrop_on(area, &legend(&style.palette, self), plane, style)?;
        draw_region_tints(&chart, &regions, (scales.y_lo, scales.y_hi), &style.palette)?;
        axes(&chart, style)?;
        if let Some(runs) = &self.runs {
            run_points(&chart, &scales, runs, style)?;
        }
        finish_lines(&chart, &scales, style)?;
        crossover_mark(&chart, &comparison, &scales, style)?;
        let answer = self.answer();
        answer_rule(&chart, &scales, answer, style)?;
        spread_ticks(&chart, &scales, self, style)?;
        let mut taken = obstacles(chart.as_coord_spec(), crossover, &scales, (answer, self));
        // Labels go in order of need, each keeping clear of the lines and of those placed
        // before it: the crossover, both times, the answer's rule, the busiest hour's crossover
        // and the spread's ticks, and the regions' names last, left out where a narrow figure
        // has no room for them.
        let here = row(self, answer);
        answer_points(&chart, &scales, &here, style)?;
        peak_crossover_mark(&chart, &scales, style)?;
        crossover_label(&chart, crossover, &scales, style, &mut taken)?;
        time_labels(&chart, &scales, &here, style, &mut taken)?;
        answer_label(&chart, &scales, answer, style, &mut taken)?;
        peak_crossover_label(&chart, &scales, style, &mut taken)?;
        spread_tick_labels(&chart, &scales, self, style, &mut taken)?;
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
        let verdict = match here.winner {
            Winner::Tie => "so both finish together".to_string(),
            w => format!("so {} finishes first", w.data_value()),
        };
        let reading = match inputs.consumer {
            Consumer::Reader => format!(
                " Reading it at {} takes {}.",
                format::rate(inputs.reading.tokens_per_sec()),
                format::duration(here.reading_secs),
            ),
            Consumer::Machine => {
                " It goes to a program, which reads nothing until the last token.".to_string()
            }
        };
        let peak = inputs.peak.map_or_else(String::new, |c| {
            let race = c.race_at(n);
            format!(
                " At the busiest hour (dashed), A: {}; B: {}. {} There A takes {} and B {}.",
                describe(&c.a),
                describe(&c.b),
                lines_meet(c.crossover()).replace("The lines", "The dashed lines"),
                format::duration(race.a_secs),
                format::duration(race.b_secs),
            )
        });
        let spread = inputs.spread().map_or_else(String::new, |(median, p90)| {
            format!(
                " The answers weighed below have a median of {} and a 90th percentile of {}, marked on the length axis.",
                format::tokens(median),
                format::tokens(p90),
            )
        });
        let runs = inputs.runs.as_ref().map_or("", |_| {
            " Faint dots: each run's requests; shaded: the crossover's 95% interval."
        });
        format!(
            "Time to finish an answer against its length. A: {}. B: {}. {} For your answer of {}, A takes {} and B {}, {verdict}.{reading}{peak}{spread}{runs}",
            describe(&comparison.a),
            describe(&comparison.b),
            lines_meet(comparison.crossover()),
            format::tokens(n),
            format::duration(here.a_secs),
            format::duration(here.b_secs),
        )
    }

    /// Figure 3's data: [`rows`] with the reader's own length highlighted, and the busiest
    /// hour's two columns while it is drawn.
    fn table(&self) -> DataTable {
        let inputs = self;
        let all = rows(inputs);
        let current_row = all.iter().position(|r| r.answer_tokens == inputs.answer());
        let secs = |x: f64| Cell::number(x, format::duration(x));
        let rows = all
            .iter()
            .map(|r| {
                let mut cells = vec![
                    Cell::number(r.answer_tokens, format::trimmed(r.answer_tokens, 1)),
                    secs(r.a_secs),
                    secs(r.b_secs),
                    secs(r.reading_secs),
                    Cell::text(r.winner.data_value()),
                ];
                if let Some(c) = inputs.peak {
                    let race = c.race_at(r.answer_tokens);
                    cells.extend([secs(race.a_secs), secs(race.b_secs)]);
                }
                cells
            })
            .collect();
        let mut headers =
            vec!["answer tokens", "A|s", "B|s", "time to read it|s", "first to finish"];
        if inputs.peak.is_some() {
            headers.extend(["A at the busiest hour|s", "B at the busiest hour|s"]);
        }
        DataTable {
            caption: "Figure 3 as a table: time to finish by answer length".to_string(),
            headers,
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
        let legend = legend(&style.palette, self);
        plane_of(size, &legend, scales.plane(), Layout::figure(style, 70.0), style)
    }

    pub fn comparison(&self) -> Comparison {
        Comparison::new(self.a, self.b)
    }

    /// The spread's median and 90th percentile, when both are lengths a figure can mark.
    fn spread(&self) -> Option<(f64, f64)> {
        let (median, p90) = self.spread_tokens;
        let mark = |n: f64| n.is_finite() && n > 0.0 && n <= MOST_TOKENS;
        (mark(median) && mark(p90)).then_some((median, p90.max(median)))
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
    if let Some(n) = inputs.peak.and_then(|c| c.crossover().tokens()) {
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

/// Where two completion lines meet, in a sentence.
fn lines_meet(crossover: Crossover) -> String {
    match crossover {
        Crossover::At { tokens, below, above } => format!(
            "The lines cross at {}: shorter answers finish first on {}, longer ones on {}.",
            crossover_tokens_text(tokens),
            below.label(),
            above.label()
        ),
        Crossover::Never { faster } => format!(
            "The lines never cross: {} is never the slower of the two, so it finishes first at every length.",
            faster.label()
        ),
        Crossover::Identical => {
            "The two deployments are the same, so every answer finishes at the same moment on both."
                .to_string()
        }
    }
}

/// The median and the 90th percentile of a spread of lengths.
fn spread_marks(lengths: &LengthDistribution) -> (f64, f64) {
    let p = lengths.length_percentiles();
    (p.p50, p.p90)
}

/// The spread's ticks that fall on the axis, each with its name; one tick where both are the
/// same length.
fn tick_marks(inputs: &CompletionInputs, x_lo: f64, x_hi: f64) -> Vec<(f64, &'static str)> {
    let Some((median, p90)) = inputs.spread() else { return Vec::new() };
    let marks: &[(f64, &'static str)] =
        if p90 > median { &[(median, "median"), (p90, "p90")] } else { &[(median, "median")] };
    marks.iter().copied().filter(|(n, _)| (x_lo..=x_hi).contains(n)).collect()
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
    /// Whether the time to read is drawn (for a person, not a program).
    reader: bool,
    /// The busiest hour's lines, when they are drawn.
    peak: Option<PeakTimes>,
}

/// The busiest hour's pair, and at each sampled length the length and both times to finish.
struct PeakTimes {
    comparison: Comparison,
    times: Vec<(f64, f64, f64)>,
}

impl Scales {
    fn of(inputs: &CompletionInputs) -> Scales {
        let (x_lo, x_hi) = x_range(inputs);
        let samples: Vec<Row> =
            (0..=120).map(|i| row(inputs, x_lo * (x_hi / x_lo).powf(i as f64 / 120.0))).collect();
        let reader = inputs.consumer == Consumer::Reader;
        let peak = inputs.peak.map(|comparison| {
            let times = samples.iter().map(|r| {
                let race = comparison.race_at(r.answer_tokens);
                (r.answer_tokens, race.a_secs, race.b_secs)
            });
            PeakTimes { comparison, times: times.collect() }
        });
        let peak_times = peak.iter().flat_map(|p| p.times.iter().flat_map(|&(_, a, b)| [a, b]));
        let reading = |r: &Row| if reader { r.reading_secs } else { r.a_secs };
        // Every value is positive (lengths start above zero), so the log axis can hold them all.
        let smallest = samples
            .iter()
            .map(|r| r.a_secs.min(r.b_secs).min(reading(r)))
            .chain(peak_times.clone())
            .fold(f64::INFINITY, f64::min);
        let largest = samples
            .iter()
            .map(|r| r.a_secs.max(r.b_secs).max(reading(r)))
            .chain(peak_times)
            .fold(0.0, f64::max);
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
        Scales { x_lo, x_hi, y_lo, y_hi, samples, reader, peak }
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

    /// The time to read n tokens at the reader's pace, along the length axis (none for a
    /// program).
    fn reading_line(&self) -> Vec<(f64, f64)> {
        if !self.reader {
            return Vec::new();
        }
        self.samples.iter().map(|r| (r.answer_tokens, self.fit(r.reading_secs))).collect()
    }

    /// A deployment's time to finish at the busiest hour, when it is drawn.
    fn peak_line(&self, which: Which) -> Vec<(f64, f64)> {
        let Some(peak) = &self.peak else { return Vec::new() };
        let secs = |&(_, a, b): &(f64, f64, f64)| if which == Which::A { a } else { b };
        peak.times.iter().map(|t| (t.0, self.fit(secs(t)))).collect()
    }

    /// Where the busiest hour's lines cross, when that is on the axis.
    fn peak_crossover(&self) -> Option<(f64, f64)> {
        let c = self.peak.as_ref()?.comparison;
        let n = c.crossover().tokens().filter(|n| (self.x_lo..=self.x_hi).contains(n))?;
        Some((n, self.fit(c.a.completion_secs(n))))
    }

    /// The top of the spread's ticks: a twentieth of the time axis above its floor.
    fn tick_top(&self) -> f64 {
        self.y_lo * (self.y_hi / self.y_lo).powf(0.05)
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

/// The legend: the busiest hour's lines while they are drawn, the reading time for a person.
fn legend(p: &Palette, inputs: &CompletionInputs) -> Vec<LegendItem> {
    let mut items = vec![
        LegendItem { name: "deployment A", color: p.prefill, dashed: false },
        LegendItem { name: "deployment B", color: p.decode, dashed: false },
    ];
    if inputs.peak.is_some() {
        items.push(LegendItem { name: "at the busiest hour", color: p.text, dashed: true });
    }
    if inputs.consumer == Consumer::Reader {
        items.push(LegendItem { name: "time to read it", color: p.reading, dashed: true });
    }
    items.push(LegendItem { name: "your answer", color: p.axis, dashed: true });
    items
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
/// then both deployments' times to finish, and at the busiest hour, when drawn, the same two
/// dashed the same way.
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
        for pair in scales.peak_line(which).chunks(2) {
            chart.draw(&PathElement::new(pair.to_vec(), style.line(ink(&p, which), 1.5)))?;
        }
    }
    Ok(())
}

/// Two runs behind their lines: the crossover's interval as a band across the plot, and each
/// request as a faint dot in its side's colour (those outside the axes left out).
fn run_points<DB: DrawingBackend>(
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

/// The spread the lab weighs: its median and 90th percentile as short ticks standing on the
/// length axis (named by [`spread_tick_labels`]).
fn spread_ticks<DB: DrawingBackend>(
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

/// Where the busiest hour's lines cross, as a dot (named by [`peak_crossover_label`]).
fn peak_crossover_mark<DB: DrawingBackend>(
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
fn peak_crossover_label<DB: DrawingBackend>(
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
    super::draw_if_clear(chart, &[&text, &number], &spots, plane.plot_box(), font, style, lines)
}

/// Each of the spread's ticks named just above it, where there is room.
fn spread_tick_labels<DB: DrawingBackend>(
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
        super::draw_if_clear(chart, &[name], &spots, plane.plot_box(), font, style, lines)?;
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

/// What a label must keep clear of, in pixels: both lines (and the busiest hour's), the
/// reading line, the answer's rule, the spread's ticks and the crossover's rule.
fn obstacles(
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
    let at_peak =
        inputs.peak.and_then(|c| c.crossover().tokens()).filter(|n| *n <= WIDEST_CROSSOVER_SHOWN);
    for x in [Some(answer).filter(|n| *n > 0.0), crossover, at_peak].into_iter().flatten() {
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
    fn every_deployments_scenario_changes_what_figure_three_draws() {
        use crate::state::presets::{Scope, PRESETS};
        // From a state none of them describes, each scenario beside Figure 3 moves it.
        let mut away = State::default()
            .with(Param::ATtft, 0.3)
            .with(Param::BRate, 90.0)
            .with(Param::Median, 100.0)
            .with(Param::P90, 3_000.0)
            .with(Param::BPeak, 60.0);
        away.consumer = Consumer::Machine;
        away.load = Load::Peak;
        for preset in PRESETS.iter().filter(|p| p.scope == Scope::Deployments) {
            let chosen = (preset.apply)(away);
            assert_ne!(
                CompletionInputs::of(&away),
                CompletionInputs::of(&chosen),
                "{} leaves Figure 3 as it was",
                preset.key
            );
        }
    }

    #[test]
    fn the_busiest_hour_adds_its_lines_and_its_crossover() {
        let mut state = State::default();
        state.load = Load::Peak;
        let inputs = CompletionInputs::of(&state);
        let s = inputs.summary();
        assert!(s.contains("At the busiest hour (dashed)"), "{s}");
        assert!(s.contains("The dashed lines cross at 63 tokens"), "{s}");
        let table = inputs.table();
        assert_eq!(table.headers.len(), 7);
        assert!(table
            .rows
            .iter()
            .any(|r| r.first().and_then(|c| c.value).is_some_and(|n| (n - 63.0).abs() < 0.5)));
        state.consumer = Consumer::Machine;
        let program = CompletionInputs::of(&state).summary();
        assert!(!program.contains("Reading it at") && program.contains("a program"), "{program}");
        // Its ticks mark the decision's workload, the bot's own answers.
        assert!(
            program.contains("median of 600 tokens and a 90th percentile of 1,200 tokens"),
            "{program}"
        );
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
