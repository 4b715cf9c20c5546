//! The two-deployments figure: time to finish an answer against its length, for A and B, with
//! the crossover where the quicker first token stops winning, the reader's current length, and
//! how long a person takes to read that many tokens.

use super::label::{self, Edge, Spot};
use super::legend::{self, LegendItem};
use super::plane::{draw_axes, log_fraction, Axes, Layout, Plane, Scale};
use super::table::{Cell, DataTable};
use super::{draw_placed, draw_region_name};
use super::{Chart, DrawResult, Palette, Style};
use crate::format;
use crate::model::deployments::{
    Comparison, Consumer, Crossover, Deployment, Which, Winner, MOST_TOKENS,
};
use crate::model::workload::LengthDistribution;
use crate::model::ReadingSpeed;
use crate::state::{Load, Param, State};
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
    /// The pair at the busiest hour, drawn dashed beside the quiet one while the lab decides
    /// for that hour.
    pub peak: Option<Comparison>,
    /// Who takes the answer: the time to read it is drawn only for a person.
    pub consumer: Consumer,
    /// The median and the 90th percentile of the answers the lab weighs, marked on the axis.
    pub spread_tokens: (f64, f64),
}

impl Default for CompletionInputs {
    /// The lesson's pair on a 600-token support answer.
    fn default() -> Self {
        CompletionInputs {
            a: Deployment::LESSON_A,
            b: Deployment::LESSON_B,
            answer_tokens: 600.0,
            reading: ReadingSpeed::default(),
            peak: None,
            consumer: Consumer::Reader,
            spread_tokens: spread_marks(&LengthDistribution::LESSON),
        }
    }
}

impl Chart for CompletionInputs {
    fn of(state: &State) -> CompletionInputs {
        let c = state.comparison();
        CompletionInputs {
            a: c.a,
            b: c.b,
            answer_tokens: state.get(Param::RaceAnswer),
            reading: state.reading(),
            peak: (state.load == Load::Peak).then(|| state.peak_comparison()),
            consumer: state.consumer,
            spread_tokens: spread_marks(&state.lengths()),
        }
    }

    #[inline(never)] // see `Chart`
    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
    ) -> DrawResult<DB> {
        let inputs = self;
        let p = style.palette;
        let comparison = inputs.comparison();
        let crossover = comparison.crossover();
        let (x_lo, x_hi) = x_range(inputs);
        let samples: Vec<Row> =
            (0..=120).map(|i| row(inputs, x_lo * (x_hi / x_lo).powf(i as f64 / 120.0))).collect();
        let reader = inputs.consumer == Consumer::Reader;
        // The busiest hour's lines, when drawn, at the same lengths.
        let peak_samples: Vec<(f64, f64, f64)> = inputs
            .peak
            .map(|c| {
                samples
                    .iter()
                    .map(|r| {
                        let race = c.race_at(r.answer_tokens);
                        (r.answer_tokens, race.a_secs, race.b_secs)
                    })
                    .collect()
            })
            .unwrap_or_default();
        let reading_of = |r: &Row| if reader { r.reading_secs } else { r.a_secs };
        // Every value is positive (lengths start above zero), so the log axis can hold them all.
        let smallest = samples
            .iter()
            .map(|r| r.a_secs.min(r.b_secs).min(reading_of(r)))
            .chain(peak_samples.iter().map(|p| p.1.min(p.2)))
            .fold(f64::INFINITY, f64::min);
        let largest = samples
            .iter()
            .map(|r| r.a_secs.max(r.b_secs).max(reading_of(r)))
            .chain(peak_samples.iter().map(|p| p.1.max(p.2)))
            .fold(0.0, f64::max);
        let y_hi = if largest.is_finite() && largest > 0.0 { largest * 2.0 } else { 1e3 };
        // At most twelve decades: a reader racing at absurd speeds would otherwise stretch the axis
        // over hundreds of decades (and plotters would lay out a grid line for each). Whatever falls
        // below is drawn along the floor.
        let y_lo = if smallest.is_finite() && smallest > 0.0 {
            (smallest * 0.7).max(y_hi * 1e-12)
        } else {
            y_hi * 1e-4
        };
        let y_lo = y_lo.min(y_hi / 10.0);
        let fit = |y: f64| y.clamp(y_lo, y_hi);

        let color = |which: Which| ink(&p, which);
        let band = |which: Which| tint(&p, which);

        area.fill(&p.background)?;
        let mut legend = vec![
            LegendItem { name: "deployment A", color: p.prefill, dashed: false },
            LegendItem { name: "deployment B", color: p.decode, dashed: false },
        ];
        if inputs.peak.is_some() {
            legend.push(LegendItem { name: "at the busiest hour", color: p.text, dashed: true });
        }
        if reader {
            legend.push(LegendItem { name: "time to read it", color: p.reading, dashed: true });
        }
        legend.push(LegendItem { name: "your answer", color: p.axis, dashed: true });
        let plot = legend::draw_above(area, &legend, style)?;
        let chart = Plane::on(
            &plot,
            Scale::Log(x_lo, x_hi),
            Scale::Log(y_lo, y_hi),
            Layout::figure(style, 70.0),
        );

        // Who finishes first, as tinted regions behind everything else.
        let regions = regions(crossover, x_lo, x_hi);
        for &(from, to, who) in &regions {
            if to > from {
                let fill = who.map(band).unwrap_or(p.wait_band);
                chart.draw(&Rectangle::new([(from, y_lo), (to, y_hi)], fill.filled()))?;
            }
        }

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
        draw_axes(&chart, &axes, style)?;

        // The reading reference, for a person only: time to read n tokens at the reader's pace.
        let reading_line: Vec<(f64, f64)> = if reader {
            samples.iter().map(|r| (r.answer_tokens, fit(r.reading_secs))).collect()
        } else {
            Vec::new()
        };
        for pair in reading_line.chunks(2) {
            // Every other segment, for a dashed line that follows the clamped values.
            chart.draw(&PathElement::new(pair.to_vec(), style.line(p.reading, 2.0)))?;
        }
        // The busiest hour: each deployment's line again, dashed the same way.
        for which in [Which::A, Which::B] {
            let line: Vec<(f64, f64)> = peak_samples
                .iter()
                .map(|&(n, a, b)| (n, fit(if which == Which::A { a } else { b })))
                .collect();
            for pair in line.chunks(2) {
                chart.draw(&PathElement::new(pair.to_vec(), style.line(color(which), 1.5)))?;
            }
        }
        for which in [Which::A, Which::B] {
            let line = samples.iter().map(|r| {
                (r.answer_tokens, fit(if which == Which::A { r.a_secs } else { r.b_secs }))
            });
            chart
                .draw(&PathElement::new(line.collect::<Vec<_>>(), style.line(color(which), 2.5)))?;
        }

        // The crossover: marked and labelled on the axis, or said in words.
        let label_low = (y_lo * y_lo * y_hi).cbrt();
        match crossover {
            Crossover::At { tokens, .. } if (x_lo..=x_hi).contains(&tokens) => {
                let at = (tokens, fit(comparison.a.completion_secs(tokens)));
                for seg in super::log_dashes((tokens, y_lo), (tokens, y_hi), 24) {
                    chart.draw(&PathElement::new(seg, style.line(p.marker, 1.5)))?;
                }
                chart.draw(&Circle::new(
                    at,
                    style.px(6.0),
                    p.marker.stroke_width(style.px(2.5)),
                ))?;
            }
            off_axis => {
                let edge = |tokens: f64| {
                    if tokens > x_hi {
                        "off the right edge"
                    } else {
                        "off the left edge"
                    }
                };
                chart.draw(&Text::new(
                    crossover_elsewhere_text(off_axis, edge),
                    (x_lo * 1.2, label_low),
                    style.label(12.0, p.marker, HPos::Left),
                ))?;
            }
        }

        // The current answer length, with both completion times beside their points.
        let answer = inputs.answer();
        let x = answer.clamp(x_lo, x_hi);
        for seg in super::log_dashes((x, y_lo), (x, y_hi), 24) {
            chart.draw(&PathElement::new(seg, style.line(p.axis, 1.5)))?;
        }
        let here = row(inputs, answer);
        let plane = *chart.as_coord_spec();
        let px = |points: &[(f64, f64)]| plane.px_line(points);
        let gap = 6.0 * style.scale;
        // What a label must keep clear of: both lines, the reading line, the answer's rule and
        // the crossover's.
        let mut lines: Vec<Vec<(f64, f64)>> = [Which::A, Which::B]
            .into_iter()
            .map(|which| {
                px(&samples
                    .iter()
                    .map(|r| {
                        (r.answer_tokens, fit(if which == Which::A { r.a_secs } else { r.b_secs }))
                    })
                    .collect::<Vec<_>>())
            })
            .collect();
        if reader {
            lines.push(px(&reading_line));
        }
        for which in [Which::A, Which::B] {
            let line: Vec<(f64, f64)> = peak_samples
                .iter()
                .map(|&(n, a, b)| (n, fit(if which == Which::A { a } else { b })))
                .collect();
            if !line.is_empty() {
                lines.push(px(&line));
            }
        }
        lines.push(px(&[(x, y_lo), (x, y_hi)]));
        if let Crossover::At { tokens, .. } = crossover {
            if (x_lo..=x_hi).contains(&tokens) {
                lines.push(px(&[(tokens, y_lo), (tokens, y_hi)]));
            }
        }
        for (which, secs) in [(Which::A, here.a_secs), (Which::B, here.b_secs)] {
            chart.draw(&Circle::new((x, fit(secs)), style.px(4.0), color(which).filled()))?;
        }
        // Where the busiest hour's lines cross.
        let peak_crossover = inputs
            .peak
            .and_then(|c| c.crossover().tokens().map(|n| (n, c.a.completion_secs(n))))
            .filter(|(n, _)| (x_lo..=x_hi).contains(n));
        if let Some((n, secs)) = peak_crossover {
            chart.draw(&Circle::new((n, fit(secs)), style.px(5.0), p.marker.filled()))?;
        }
        // The spread the lab weighs: its median and 90th percentile as short ticks standing on
        // the axis, named just above them.
        let tick_top = y_lo * (y_hi / y_lo).powf(0.05);
        for (tokens, _) in spread_ticks(inputs, x_lo, x_hi) {
            chart.draw(&PathElement::new(
                vec![(tokens, y_lo), (tokens, tick_top)],
                style.line(p.text, 2.0),
            ))?;
            lines.push(px(&[(tokens, y_lo), (tokens, tick_top)]));
        }
        // Labels go in order of need, each keeping clear of the lines and of those placed
        // before it: the crossover, both times, the answer's rule, and the regions' names last,
        // left out where a narrow figure has no room for them.
        //
        // The crossover near the floor, below both lines on the side where they have risen;
        // higher, or on the other side, where the answer's rule stands in the way.
        if let Crossover::At { tokens, .. } = crossover {
            if (x_lo..=x_hi).contains(&tokens) {
                let rule_x = plane.px((tokens, y_lo)).0;
                let right_first = log_fraction(tokens, x_lo, x_hi) < 0.7;
                let ys =
                    [0.05, 0.14, 0.23].map(|h| plane.px((tokens, y_lo * (y_hi / y_lo).powf(h))).1);
                let spots = label::beside_vertical(rule_x, &ys, gap, right_first);
                // Where even that finds no room (a phone), the number alone: the marker and the
                // rule's colour say what it is.
                let number = crossover_tokens_text(tokens);
                let text = format!("crossover: {number}");
                draw_placed(
                    &chart,
                    &[&text, &number],
                    &spots,
                    (12.0, p.marker),
                    style,
                    &mut lines,
                )?;
            }
        }
        // Each time beside its point: both lines rise to the right, so above-left of the upper
        // point and below-right of the lower one are tried first, then the other corners.
        for (which, secs) in [(Which::A, here.a_secs), (Which::B, here.b_secs)] {
            let upper = match which {
                Which::A => here.a_secs >= here.b_secs,
                Which::B => here.b_secs > here.a_secs,
            };
            let (cx, cy) = plane.px((x, fit(secs)));
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
            draw_placed(&chart, &[&text], &spots, (12.0, color(which)), style, &mut lines)?;
        }
        // The answer's rule is named near the top, on whichever side is clear.
        // The legend names the rule, so a narrow figure can do with the length alone.
        let length = format::tokens(answer);
        let text = format!("your answer: {length}");
        let ys = [2.6, 1.6, 5.0, 10.0].map(|below_top| plane.px((x, y_hi / below_top)).1);
        let spots = label::beside_vertical(plane.px((x, y_hi)).0, &ys, gap, true);
        draw_placed(&chart, &[&text, &length], &spots, (12.0, p.text), style, &mut lines)?;

        if let Some((n, secs)) = peak_crossover {
            let (cx, cy) = plane.px((n, fit(secs)));
            let spots = [
                Spot::new(cx + gap, cy - gap, Edge::Start, Edge::End),
                Spot::new(cx - gap, cy - gap, Edge::End, Edge::End),
                Spot::new(cx + gap, cy + gap, Edge::Start, Edge::Start),
            ];
            let number = crossover_tokens_text(n);
            let text = format!("at peak: {number}");
            let inside = plane.plot_box();
            super::draw_if_clear(
                &chart,
                &[&text, &number],
                &spots,
                inside,
                (11.0, p.marker),
                style,
                &mut lines,
            )?;
        }
        for (tokens, name) in spread_ticks(inputs, x_lo, x_hi) {
            let (tx, ty) = plane.px((tokens, tick_top));
            let spots = [
                Spot::new(tx, ty - gap / 2.0, Edge::Middle, Edge::End),
                Spot::new(tx + gap / 2.0, ty, Edge::Start, Edge::End),
                Spot::new(tx - gap / 2.0, ty, Edge::End, Edge::End),
            ];
            let inside = plane.plot_box();
            super::draw_if_clear(&chart, &[name], &spots, inside, (11.0, p.text), style, &mut lines)?;
        }

        // Each region's name along its top, where the lines are furthest away, last: it is
        // the label a narrow figure can best do without.
        for &(from, to, who) in &regions {
            let name = who.map_or("A and B", Which::label);
            let full = match (who, regions.len()) {
                (Some(_), 1) => format!("{name} finishes first at every length"),
                (Some(_), _) => format!("{name} finishes first"),
                (None, _) => format!("{name} finish together"),
            };
            let short = if who.is_some() { format!("{name} first") } else { "together".into() };
            let span = (plane.px((from, y_hi)).0, plane.px((to, y_hi)).0);
            let ink = who.map(color).unwrap_or(p.text);
            draw_region_name(&chart, span, &[&full, &short], (12.0, ink), style, &mut lines)?;
        }
        Ok(())
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
            Consumer::Machine => " It goes to a program, which reads nothing until the last token.".to_string(),
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
        format!(
            "Time to finish an answer against its length. A: {}. B: {}. {} For your answer of {}, A takes {} and B {}, {verdict}.{reading}{peak}{spread}",
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
        let mut headers = vec!["answer tokens", "A|s", "B|s", "time to read it|s", "first to finish"];
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
fn spread_ticks(inputs: &CompletionInputs, x_lo: f64, x_hi: f64) -> Vec<(f64, &'static str)> {
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
    let at_peak = inputs
        .peak
        .and_then(|c| c.crossover().tokens())
        .filter(|n| *n <= WIDEST_CROSSOVER_SHOWN);
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
        assert!(table.rows.iter().any(|r| r.first().and_then(|c| c.value).is_some_and(|n| (n - 63.0).abs() < 0.5)));
        state.consumer = Consumer::Machine;
        let program = CompletionInputs::of(&state).summary();
        assert!(!program.contains("Reading it at") && program.contains("a program"), "{program}");
        assert!(program.contains("median of 40 tokens and a 90th percentile of 900 tokens"), "{program}");
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
