//! The two-deployments figure: time to finish an answer against its length, for A and B, with
//! the crossover where the quicker first token stops winning, the reader's current length, and
//! how long a person takes to read that many tokens.
//!
//! Drawn in layers, a file each, in the order [`Chart::draw`] lays them: the frame (axes and
//! legend), the runs' requests and the lines, the spread's ticks, the crossover, the reader's
//! answer and the race's cursor, then the labels placed clear of all of them. Its scales, its
//! table's rows and the words of its summary have files of their own.

use super::plane::{Layout, Plane};
use super::table::{Cell, DataTable};
use super::{backdrop_on, plane_of};
use super::{Chart, DrawResult, Palette, Style};
use crate::format;
use crate::measurements::compare::Overlay;
use crate::model::deployments::{
    Comparison, Consumer, Crossover, Deployment, Which, Winner, MOST_TOKENS,
};
use crate::model::workload::LengthDistribution;
use crate::model::ReadingSpeed;
use crate::state::{Figure, Load, Param, State};
use plotters::coord::Shift;
use plotters::prelude::*;
use std::sync::Arc;

mod answer;
mod crossover;
mod frame;
mod labels;
mod lines;
mod rows;
mod scales;
mod spread;
mod words;

use answer::{answer_label, answer_points, answer_rule, race_cursor};
use crossover::{crossover_label, crossover_mark, peak_crossover_label, peak_crossover_mark};
use frame::{axes, legend};
use labels::{obstacles, region_names, time_labels};
use lines::{finish_lines, run_points};
pub use rows::{lesson_table, row, rows, Row, LESSON_LENGTHS};
use scales::Scales;
use spread::{spread_marks, spread_tick_labels, spread_ticks, tick_marks};
pub use words::crossover_elsewhere_text;
use words::{describe, lines_meet};

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
        // before it: both times (a narrow figure has few places for them), the crossover, the
        // answer's rule, the busiest hour's crossover
        // and the spread's ticks, and the regions' names last, left out where a narrow figure
        // has no room for them.
        let here = row(self, answer);
        answer_points(&chart, &scales, &here, style)?;
        peak_crossover_mark(&chart, &scales, style)?;
        time_labels(&chart, &scales, &here, style, &mut taken)?;
        crossover_label(&chart, crossover, &scales, style, &mut taken)?;
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

    /// Figure 5's data: [`rows`] with the reader's own length highlighted, and the busiest
    /// hour's two columns while it is drawn.
    fn table(&self) -> DataTable {
        let inputs = self;
        let all = rows(inputs);
        let current_row = all.iter().position(|r| r.answer_tokens == inputs.answer());
        // Two decimals of a second, as the lesson's table of the same race writes its cells.
        let secs = |x: f64| Cell::number(x, format::secs_fixed(x, 2));
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
            caption: format!(
                "{} as a table: time to finish by answer length",
                Figure::Completion.name()
            ),
            headers,
            rows,
            current_row,
        }
    }
}

impl CompletionInputs {
    /// Where Figure 5's plot lies on a canvas `size` backend pixels large: where it is drawn,
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
    use super::scales::x_range;
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
        // From a state none of them describes, each scenario beside Figure 5 moves it.
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
                "{} leaves Figure 5 as it was",
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
