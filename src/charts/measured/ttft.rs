//! TTFT against prompt length: the run's requests, the floor (the line under 90% of them, whose
//! slope is the prefill rate) and the median line, and where the floor bends up at the longest
//! prompts, the deeper model's curve that follows it.

use super::cloud::{self, Cloud};
use super::{
    bin_table, bins, bins_note, draw_line, draw_marks, draw_message, draw_note, marks_sentence,
    plane, requests_text, secs_text, Bin, TABLE_BINS,
};
use crate::charts::legend::{self, LegendItem};
use crate::charts::plane::Plane;
use crate::charts::table::DataTable;
use crate::charts::{Chart, DrawResult, Palette, Style};
use crate::format;
use crate::measurements::fit::attention::{self, AttentionFloor};
use crate::measurements::fit::{Bending, FlatPrompts, Line, FLOOR_TAU};
use crate::measurements::Fit;
use plotters::coord::Shift;
use plotters::prelude::*;

/// What the figure can show for this run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    /// Floor and median lines over the points.
    Lines { floor: Line, median: Line },
    /// Prompts too alike for a rate: the points and the TTFT at that length, no line.
    FlatPrompts(FlatPrompts),
    /// The run did not stream: no TTFT to draw.
    NotStreamed,
    /// Too few requests, or the floor could not be fitted.
    NoFit,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TtftInputs {
    pub shape: Shape,
    pub cloud: Option<Cloud>,
    pub bins: Vec<Bin>,
    pub prefill_tokens_per_sec: Option<f64>,
    pub bending: Option<Bending>,
    /// Where the floor bends up: the deeper model's floor fitted to the run.
    pub deep: Option<AttentionFloor>,
}

impl Chart for TtftInputs {
    type Input = Fit;

    fn of(fit: &Fit) -> TtftInputs {
        let points: Vec<(f64, f64)> =
            fit.residuals.iter().filter_map(|r| Some((r.prompt_tokens, r.ttft_secs?))).collect();
        let shape = match (fit.streamed, fit.flat_prompts, fit.floor, fit.median_line) {
            (false, _, _, _) => Shape::NotStreamed,
            (true, Some(flat), _, _) => Shape::FlatPrompts(flat),
            (true, None, Some(floor), Some(median)) => Shape::Lines { floor, median },
            _ => Shape::NoFit,
        };
        let bends = fit.bending.is_some_and(|b| b.bends) && matches!(shape, Shape::Lines { .. });
        let deep = bends
            .then(|| {
                let (x, y): (Vec<f64>, Vec<f64>) = points.iter().copied().unzip();
                attention::fit(&x, &y, FLOOR_TAU)
            })
            .flatten();
        let xs = || points.iter().map(|p| p.0);
        let cloud = (shape != Shape::NotStreamed && !points.is_empty()).then(|| {
            let x_range = match shape {
                // Alike prompts would all sit in one column of a plot from zero.
                Shape::FlatPrompts(_) => {
                    let lo = xs().fold(f64::INFINITY, f64::min);
                    let hi = cloud::max_of(xs(), lo + 1.0);
                    let pad = ((hi - lo) * 0.05).max(lo * 0.05).max(1.0);
                    ((lo - pad).max(0.0), hi + pad)
                }
                _ => (0.0, cloud::max_of(xs(), 1.0).max(1.0) * 1.02),
            };
            let ys: Vec<f64> = points.iter().map(|p| p.1).collect();
            let mut keep = Vec::new();
            if let Shape::Lines { floor, median } = shape {
                keep.extend([floor.at(x_range.1), median.at(x_range.1)]);
            }
            if let Some(d) = deep {
                keep.push(d.at(x_range.1));
            }
            Cloud::of(&points, x_range, (0.0, cloud::robust_top(&ys, &keep)))
        });
        let bins = cloud.as_ref().map(|c| bins(&points, c.x_range, TABLE_BINS)).unwrap_or_default();
        TtftInputs {
            shape,
            cloud,
            bins,
            prefill_tokens_per_sec: fit.prefill_tokens_per_sec.map(|e| e.value),
            bending: fit.bending,
            deep,
        }
    }

    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
    ) -> DrawResult<DB> {
        area.fill(&style.palette.background)?;
        let Some(cloud) = &self.cloud else {
            return draw_message(area, self.why_not_drawn(), style);
        };
        let rest = legend::draw_above(area, &self.legend(&style.palette), style)?;
        let chart = plane(&rest, cloud, style, "prompt length (tokens)", "time to first token")?;
        draw_marks(&chart, cloud, style)?;
        self.fitted_lines(&chart, cloud, style)?;
        match self.deep {
            Some(deep) => deep_floor(&chart, deep, cloud, style),
            None => Ok(()),
        }
    }

    fn summary(&self) -> String {
        let Some(cloud) = &self.cloud else {
            return match self.shape {
                Shape::NotStreamed => "Time to first token against prompt length: not drawn, \
                    because this run did not stream and so measured no first-token times. \
                    Prefill and decode are fitted together from end-to-end times instead."
                    .to_string(),
                _ => "Time to first token against prompt length: too few requests to draw."
                    .to_string(),
            };
        };
        let mut out = format!(
            "Time to first token against prompt length for {}.",
            requests_text(cloud.requests)
        );
        match self.shape {
            Shape::Lines { floor, median } => {
                out.push_str(&format!(
                    " The floor, the line under 90% of them, starts at {} and {} per thousand \
                     prompt tokens{}; the median line starts at {} and {} per thousand.",
                    secs_text(floor.intercept),
                    climb(floor.slope),
                    self.prefill_tokens_per_sec
                        .map(|r| format!(", a prefill rate of {}", format::rate(r)))
                        .unwrap_or_default(),
                    secs_text(median.intercept),
                    climb(median.slope),
                ));
            }
            Shape::FlatPrompts(flat) => out.push_str(&format!(
                " The prompts are all close to {}, too alike to read a prefill rate from, so no \
                 line is drawn: at that length the first token takes at least {} (10th \
                 percentile), {} at the median.",
                format::tokens(flat.median_prompt_tokens),
                secs_text(flat.floor_ttft_secs.value),
                secs_text(flat.median_ttft_secs),
            )),
            Shape::NotStreamed | Shape::NoFit => {
                out.push_str(" No line could be fitted to them.");
            }
        }
        match (self.bending, self.deep) {
            (Some(b), Some(deep)) => out.push_str(&format!(
                " From {} on (the longest tenth of prompts) the floor bends upward, {} above \
                 the straight line fitted to the shorter ones. The deeper model's floor follows \
                 the bend: a prefill rate of {} with attention costing as much as the rest of \
                 prefill at a prompt of about {}.",
                format::tokens(b.from_prompt_tokens),
                format::percent(b.excess_fraction),
                format::rate(deep.prefill_tokens_per_sec()),
                format::tokens(deep.knee_tokens),
            )),
            (Some(b), None) if !b.bends && matches!(self.shape, Shape::Lines { .. }) => out
                .push_str(&format!(
                    " Up to the longest prompts (the tenth from {} on) the floor stays on the \
                     straight line.",
                    format::tokens(b.from_prompt_tokens)
                )),
            _ => {}
        }
        out.push_str(&marks_sentence(cloud));
        out
    }

    fn table(&self) -> DataTable {
        let (floor, median) = match self.shape {
            Shape::Lines { floor, median } => (Some(floor), Some(median)),
            _ => (None, None),
        };
        let floor_at = floor.map(|l| move |x: f64| l.at(x));
        let median_at = median.map(|l| move |x: f64| l.at(x));
        let deep_at = self.deep.map(|d| move |x: f64| d.at(x));
        let mut headers = vec![
            "prompt from|tokens",
            "prompt to|tokens",
            "requests",
            "TTFT 10th percentile|s",
            "TTFT median|s",
            "TTFT 90th percentile|s",
            "floor line at the middle|s",
            "median line at the middle|s",
        ];
        let mut lines: Vec<Option<&dyn Fn(f64) -> f64>> = vec![
            floor_at.as_ref().map(|f| f as &dyn Fn(f64) -> f64),
            median_at.as_ref().map(|f| f as &dyn Fn(f64) -> f64),
        ];
        if let Some(d) = deep_at.as_ref() {
            headers.push("deeper model at the middle|s");
            lines.push(Some(d as &dyn Fn(f64) -> f64));
        }
        let requests = self.cloud.as_ref().map_or(0, |c| c.requests);
        bin_table(
            format!(
                "Time to first token by prompt length: {}",
                bins_note(requests, self.bins.len())
            ),
            headers,
            &self.bins,
            |x| format::with_separators(x, 0),
            &lines,
        )
    }
}

impl TtftInputs {
    /// Why there is no plot, in place of one.
    fn why_not_drawn(&self) -> &'static [&'static str] {
        match self.shape {
            Shape::NotStreamed => &[
                "This run did not stream: no request has a time to first token,",
                "so there is nothing to draw here. The fit uses end-to-end times.",
            ],
            _ => &["Too few requests with a time to first token to draw."],
        }
    }

    /// The requests, and the fitted lines and deeper model's floor when there are any.
    fn legend(&self, p: &Palette) -> Vec<LegendItem> {
        let mut items = vec![LegendItem { name: "requests", color: p.wait, dashed: false }];
        if let Shape::Lines { .. } = self.shape {
            items.push(LegendItem {
                name: "floor (10th percentile)",
                color: p.prefill,
                dashed: false,
            });
            items.push(LegendItem { name: "median", color: p.marker, dashed: true });
        }
        if self.deep.is_some() {
            items.push(LegendItem { name: "deeper model", color: p.decode, dashed: false });
        }
        items
    }

    /// The median line (dashed) and the floor over the requests, or a note saying why there
    /// are none.
    fn fitted_lines<DB: DrawingBackend>(
        &self,
        chart: &DrawingArea<DB, Plane>,
        cloud: &Cloud,
        style: &Style,
    ) -> DrawResult<DB> {
        let p = style.palette;
        match self.shape {
            Shape::Lines { floor, median } => {
                let span = cloud.x_range;
                draw_line(chart, (median.intercept, median.slope), span, p.marker, true, style)?;
                draw_line(chart, (floor.intercept, floor.slope), span, p.prefill, false, style)
            }
            Shape::FlatPrompts(_) => {
                draw_note(chart, "Prompts too alike to fit a prefill rate: no line drawn.", style)
            }
            Shape::NotStreamed | Shape::NoFit => Ok(()),
        }
    }
}

/// The deeper model's floor, fitted where the straight one bends up, across the plot.
fn deep_floor<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    deep: AttentionFloor,
    cloud: &Cloud,
    style: &Style,
) -> DrawResult<DB> {
    let (lo, hi) = cloud.x_range;
    let curve: Vec<(f64, f64)> = (0..=80)
        .map(|i| lo + (hi - lo) * f64::from(i) / 80.0)
        .map(|x| (x, deep.at(x)))
        .filter(|(_, y)| *y >= cloud.y_range.0 && *y <= cloud.y_range.1)
        .collect();
    chart.draw(&PathElement::new(curve, style.line(style.palette.decode, 2.0)))
}

/// How a line changes per thousand prompt tokens, in words: "climbs 10 ms", "falls 112 ms".
fn climb(secs_per_token: f64) -> String {
    let per_thousand = secs_per_token * 1000.0;
    if per_thousand < 0.0 {
        format!("falls {}", secs_text(-per_thousand))
    } else {
        format!("climbs {}", secs_text(per_thousand))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::measurements::{fit, Format, Record, Run};

    /// Requests at known rates: 0.05 s overhead, 10,000 tok/s prefill, 50 tok/s decode, a
    /// queue on every third; with `bend`, attention adds p²/(r·K) with K = 20,000.
    pub(crate) fn run(n: usize, bend: bool, spread: bool) -> Run {
        let mut run = Run::new(Format::Csv, "synthetic");
        for i in 0..n {
            let i = i as f64;
            let prompt = if spread { 200.0 + (i * 7919.0) % 16_000.0 } else { 2_000.0 + i % 40.0 };
            let output = 50.0 + (i * 31.0) % 400.0;
            let queue = if i as usize % 3 == 0 { 0.02 + (i % 11.0) * 0.05 } else { 0.0 };
            let attention = if bend { prompt * prompt / (10_000.0 * 20_000.0) } else { 0.0 };
            let ttft = 0.05 + prompt / 10_000.0 + attention + queue + (i % 5.0) * 0.0005;
            let e2e = ttft + (output - 1.0) / 50.0;
            run.records.push(Record::new(prompt, output, Some(ttft), Some(e2e)));
        }
        run
    }

    fn inputs(run: &Run) -> TtftInputs {
        TtftInputs::of(&fit(run))
    }

    #[test]
    fn the_floor_and_median_lines_are_drawn_and_said() {
        let t = inputs(&run(2_000, false, true));
        let Shape::Lines { floor, median } = t.shape else { panic!("{:?}", t.shape) };
        assert!((1.0 / floor.slope / 10_000.0 - 1.0).abs() < 0.03, "{floor:?}");
        assert!(median.at(8_000.0) >= floor.at(8_000.0));
        let s = t.summary();
        let rate = format::rate(t.prefill_tokens_per_sec.unwrap());
        assert!(s.contains(&format!("a prefill rate of {rate}")), "{s}");
        assert!(s.contains("2,000 requests"), "{s}");
        assert!(s.contains("stays on the straight line"), "{s}");
        assert!(t.deep.is_none());
        assert_eq!(climb(-0.000_112), "falls 112 ms");
        let table = t.table();
        assert!(table.rows.len() <= TABLE_BINS && !table.rows.is_empty());
        let counted: f64 = table.rows.iter().map(|r| r[2].value.unwrap()).sum();
        assert_eq!(counted, 2_000.0, "every request is in some row");
        let svg = t.to_svg(&Style::default(), 640, 320).unwrap();
        assert!(svg.contains("floor (10th percentile)"));
    }

    #[test]
    fn a_bending_run_gets_the_deeper_curve_and_a_sentence() {
        let t = inputs(&run(3_000, true, true));
        let deep = t.deep.expect("the floor bends at long prompts");
        // The knee is read back from the bend: the requests had 20,000.
        assert!((deep.knee_tokens / 20_000.0).ln().abs() < 0.25, "{deep:?}");
        let s = t.summary();
        assert!(s.contains("bends upward"), "{s}");
        assert!(s.contains(&format::tokens(deep.knee_tokens)), "{s}");
        assert_eq!(t.table().headers.len(), 9);
        let svg = t.to_svg(&Style::default(), 640, 320).unwrap();
        assert!(svg.contains("deeper model"));
    }

    #[test]
    fn alike_prompts_give_no_line_and_say_so() {
        let t = inputs(&run(500, false, false));
        assert!(matches!(t.shape, Shape::FlatPrompts(_)), "{:?}", t.shape);
        assert!(t.summary().contains("no line is drawn"));
        let table = t.table();
        assert!(table.rows.iter().all(|r| r[6].text == "not fitted"));
        let svg = t.to_svg(&Style::default(), 640, 320).unwrap();
        assert!(svg.contains("no line drawn"));
    }

    #[test]
    fn a_run_that_did_not_stream_is_said_not_drawn() {
        let mut r = run(200, false, true);
        for rec in &mut r.records {
            rec.ttft_secs = None;
        }
        let t = inputs(&r);
        assert_eq!(t.shape, Shape::NotStreamed);
        assert!(t.cloud.is_none());
        assert!(t.summary().contains("did not stream"));
        let svg = t.to_svg(&Style::default(), 640, 320).unwrap();
        assert!(svg.contains("did not stream"));
    }
}
