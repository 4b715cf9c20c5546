//! Figure 1: one request on a time axis. Wait, prefill and decode as bands; tokens on screen
//! when streamed, when not streamed, and how far a reader has got.

use super::label::{self, Edge, Spot};
use super::legend::{self, LegendItem};
use super::plane::{draw_all, draw_axes, Axes, Layout, Plane, Scale};
use super::table::{Cell, DataTable};
use super::{dashes, draw_if_clear, draw_placed, Chart, DrawResult, Style};
use crate::format;
use crate::model::levers::RESPONSE_BANDS;
use crate::state::{Param, State};
use plotters::coord::Shift;
use plotters::prelude::*;

/// The figure's numbers, shared by the drawing, its text alternative and its data table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimelineInputs {
    pub wait_secs: f64,
    pub prefill_end_secs: f64,
    pub ttft_secs: f64,
    pub total_secs: f64,
    pub output_tokens: f64,
    pub decode_tokens_per_sec: f64,
    pub reading_tokens_per_sec: f64,
    /// When a reader following the stream reaches the last token.
    pub streamed_read_secs: f64,
    /// When a reader of the unstreamed answer reaches the last token.
    pub unstreamed_read_secs: f64,
    /// The time axis ends here.
    pub x_max_secs: f64,
}

impl Chart for TimelineInputs {
    fn of(state: &State) -> TimelineInputs {
        // The clock starts when the request is sent, so the client-side milestones are used
        // whichever TTFT definition the readouts follow.
        let h = state.headline();
        let output = state.get(Param::Output);
        let reading = state.reading();
        let (ttft, total) = (h.client_ttft_secs, h.total_secs);
        let streamed_read_secs = reading.streamed_done_secs(ttft, total, output);
        // Average pace after the first token; under the deeper model decode slows slightly as
        // it goes, which a straight segment from first to last token approximates.
        let decode_tokens_per_sec = if total > ttft {
            (output - 1.0).max(0.0) / (total - ttft)
        } else {
            state.get(Param::Decode)
        };
        TimelineInputs {
            wait_secs: h.wait_secs,
            prefill_end_secs: h.wait_secs + h.prefill_secs,
            ttft_secs: ttft,
            total_secs: total,
            output_tokens: output,
            decode_tokens_per_sec: if decode_tokens_per_sec > 0.0 {
                decode_tokens_per_sec
            } else {
                state.get(Param::Decode)
            },
            reading_tokens_per_sec: reading.tokens_per_sec(),
            streamed_read_secs,
            unstreamed_read_secs: reading.unstreamed_done_secs(total, output),
            // Room after the last token to show the reader still going, without letting a
            // slow reader squeeze the two phases into a sliver.
            x_max_secs: (total * 1.35).max(1e-3),
        }
    }

    #[inline(never)] // see `Chart`
    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
    ) -> DrawResult<DB> {
        draw(area, self, style)
    }

    /// One sentence for the canvas's accessible name.
    fn summary(&self) -> String {
        let pace = if self.reader_waits() {
            "The answer arrives slower than a person reads, so a reader waits between words."
        } else {
            "Once it starts, the answer arrives faster than a person reads."
        };
        format!(
            "Timeline of one request: the screen is empty for {} (time to first token); the last token arrives at {}. Without streaming nothing shows until {}. {pace}",
            format::duration(self.ttft_secs),
            format::duration(self.total_secs),
            format::duration(self.total_secs),
        )
    }

    /// Each milestone and when it happens.
    fn table(&self) -> DataTable {
        let rows = self
            .rows()
            .into_iter()
            .map(|(what, secs)| vec![Cell::text(what), Cell::number(secs, format::duration(secs))])
            .collect();
        DataTable {
            caption: "Figure 1 as a table: milestones of the request".to_string(),
            headers: vec!["moment", "after sending|s"],
            rows,
            current_row: None,
        }
    }
}

impl TimelineInputs {
    /// Whether the stream is slower than the reader, so the reader waits between words.
    pub fn reader_waits(&self) -> bool {
        self.decode_tokens_per_sec < self.reading_tokens_per_sec
    }

    /// Rows of (milestone, time) for the data table.
    pub fn rows(&self) -> Vec<(&'static str, f64)> {
        vec![
            ("Prefill starts (end of wait)", self.wait_secs),
            ("Prefill ends", self.prefill_end_secs),
            ("First token on screen, streamed (TTFT)", self.ttft_secs),
            ("Last token written (total)", self.total_secs),
            ("Whole answer on screen, unstreamed", self.total_secs),
            ("Reader finishes, streamed", self.streamed_read_secs),
            ("Reader finishes, unstreamed", self.unstreamed_read_secs),
        ]
    }
}

fn draw<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    t: &TimelineInputs,
    style: &Style,
) -> DrawResult<DB> {
    let t = *t;
    let p = &style.palette;
    area.fill(&p.background)?;
    let legend = [
        LegendItem { name: "streamed", color: p.decode, dashed: false },
        LegendItem { name: "not streamed", color: p.total, dashed: false },
        LegendItem { name: "a reader at reading speed", color: p.reading, dashed: true },
    ];
    let plot = legend::draw_above(area, &legend, style)?;
    let y_max = (t.output_tokens * 1.12).max(1.0);
    let chart = Plane::on(
        &plot,
        Scale::Linear(0.0, t.x_max_secs),
        Scale::Linear(0.0, y_max),
        Layout::figure(style, 58.0),
    );

    let bands = [
        (0.0, t.wait_secs, p.wait_band, p.wait, "wait"),
        (t.wait_secs, t.prefill_end_secs, p.prefill_band, p.prefill, "prefill"),
        (t.prefill_end_secs, t.total_secs, p.decode_band, p.decode, "decode"),
    ];
    for (from, to, fill, _, _) in bands {
        if to > from {
            chart.draw(&Rectangle::new([(from, 0.0), (to, y_max)], fill.filled()))?;
        }
    }

    let axes = Axes {
        x_desc: "time since the request was sent (s)",
        y_desc: "tokens on screen",
        x_ticks: 6,
        y_ticks: 5,
        x_label: &|x| format::trimmed(x, 2),
        y_label: &|y| format::with_separators(y, 0),
        x_grid: false,
        y_grid: true,
    };
    draw_axes(&chart, &axes, style)?;

    let plane = *chart.as_coord_spec();
    let px = |points: &[(f64, f64)]| plane.px_line(points);
    let gap = 4.0 * style.scale;

    // What a label must not be drawn across: every line and rule of the figure.
    let unstreamed = vec![
        (0.0, 0.0),
        (t.total_secs, 0.0),
        (t.total_secs, t.output_tokens),
        (t.x_max_secs, t.output_tokens),
    ];
    let streamed = vec![
        (0.0, 0.0),
        (t.ttft_secs, 0.0),
        (t.ttft_secs, t.output_tokens.min(1.0)),
        (t.total_secs, t.output_tokens),
        (t.x_max_secs, t.output_tokens),
    ];
    let read_end = (t.ttft_secs + t.output_tokens / t.reading_tokens_per_sec).min(t.x_max_secs);
    let read_line =
        |secs: f64| (t.reading_tokens_per_sec * (secs - t.ttft_secs)).clamp(0.0, t.output_tokens);
    let milestones = [
        (t.ttft_secs, format!("first token {}", format::duration(t.ttft_secs)), p.marker, true),
        (t.total_secs, format!("done {}", format::duration(t.total_secs)), p.total, false),
    ];
    let bands_shown: Vec<_> = RESPONSE_BANDS
        .iter()
        .filter(|b| b.limit_secs < t.x_max_secs * 0.97 && b.limit_secs > t.x_max_secs * 0.03)
        .collect();
    let mut lines: Vec<Vec<(f64, f64)>> = vec![
        px(&unstreamed),
        px(&streamed),
        px(&[(t.ttft_secs, 0.0), (read_end, read_line(read_end))]),
    ];
    lines.extend(milestones.iter().map(|m| px(&[(m.0, 0.0), (m.0, y_max * 0.86)])));
    lines.extend(
        bands_shown.iter().map(|b| px(&[(b.limit_secs, 0.0), (b.limit_secs, y_max * 0.5)])),
    );

    // Response-time bands a person feels, where they fall inside the axis.
    for band in &bands_shown {
        for seg in dashes((band.limit_secs, 0.0), (band.limit_secs, y_max * 0.5), 10) {
            chart.draw(&PathElement::new(seg, style.line(p.axis, 1.0)))?;
        }
    }

    // Unstreamed: nothing until the last token, then everything at once.
    chart.draw(&PathElement::new(unstreamed, style.line(p.total, 2.0)))?;
    // Streamed: the first token at TTFT, then one per decode step.
    chart.draw(&PathElement::new(streamed, style.line(p.decode, 3.0)))?;

    // The reading-speed line starts at the first token. Where it runs above the stream the
    // reader has caught up and is waiting for text.
    let reading_segments = dashes((t.ttft_secs, 0.0), (read_end, read_line(read_end)), 14);
    draw_all(
        &chart,
        reading_segments.into_iter().map(|seg| PathElement::new(seg, style.line(p.reading, 2.0))),
    )?;
    if t.reader_waits() {
        let samples = 40;
        let gap: Vec<(f64, f64)> = (0..=samples)
            .map(|i| t.ttft_secs + (read_end - t.ttft_secs) * i as f64 / samples as f64)
            .map(|x| (x, read_line(x)))
            .chain((0..=samples).rev().map(|i| {
                let x = t.ttft_secs + (read_end - t.ttft_secs) * i as f64 / samples as f64;
                let arrived =
                    (1.0 + (x - t.ttft_secs) * t.decode_tokens_per_sec).min(t.output_tokens);
                (x, arrived.min(read_line(x)))
            }))
            .collect();
        chart.draw(&Polygon::new(gap, p.reading.mix(0.25).filled()))?;
    }

    // Milestones: the first-token label reads rightwards from its line and the total's
    // leftwards, so the two keep apart even when close; each moves to its line's other side,
    // or up or down, when something else is in the way.
    for (secs, text, color, first) in &milestones {
        chart.draw(&PathElement::new(
            vec![(*secs, 0.0), (*secs, y_max * 0.86)],
            style.line(*color, 1.5),
        ))?;
        let heights: [f64; 4] =
            if *first { [0.8, 0.7, 0.9, 0.6] } else { [0.66, 0.56, 0.76, 0.46] };
        let x = plane.px((*secs, 0.0)).0;
        let ys = heights.map(|h| plane.px((0.0, y_max * h)).1);
        let spots = label::beside_vertical(x, &ys, gap, *first);
        draw_placed(&chart, &[text], &spots, (12.0, *color), style, &mut lines)?;
    }

    // Phase names at the top of their band (or a row or two lower), in its middle, or else a quarter
    // in from either side or at either end, clear of the labels placed above; a band too narrow or too crowded for its
    // name goes unnamed.
    let inside = plane.plot_box();
    for (from, to, _, color, name) in bands {
        let (left, right) = (plane.px((from, y_max)).0, plane.px((to, y_max)).0);
        let top = plane.px((from, y_max * 0.97)).1;
        let spots: Vec<Spot> = [0.0, 1.4, 2.8]
            .map(|rows: f64| top + rows * 12.0 * style.scale)
            .into_iter()
            .flat_map(|y| {
                let at = |share: f64| left + (right - left) * share;
                [
                    Spot::new(at(0.5), y, Edge::Middle, Edge::Start),
                    Spot::new(at(0.75), y, Edge::Middle, Edge::Start),
                    Spot::new(at(0.25), y, Edge::Middle, Edge::Start),
                    Spot::new(right - gap, y, Edge::End, Edge::Start),
                    Spot::new(left + gap, y, Edge::Start, Edge::Start),
                ]
            })
            .collect();
        let band_box = label::BoxPx { left, right, ..inside };
        draw_if_clear(&chart, &[name], &spots, band_box, (12.0, color), style, &mut lines)?;
    }

    if t.reader_waits() {
        let spots: Vec<Spot> = [0.5, 0.35, 0.65, 0.8]
            .iter()
            .map(|f| {
                let secs = t.ttft_secs + (read_end - t.ttft_secs) * f;
                let (x, y) = plane.px((secs, read_line(secs)));
                Spot::new(x - gap, y - gap, Edge::End, Edge::End)
            })
            .collect();
        let text = "reader waits for text";
        draw_placed(&chart, &[text], &spots, (12.0, p.reading), style, &mut lines)?;
    }

    // Band labels beside their dashed rule: right of it, else left, lower down if need be;
    // where the rules stand too close for that, above the rules' tops; and where the whole
    // label finds no clear spot (a narrow figure, rules close together), the time alone.
    for band in &bands_shown {
        let x = plane.px((band.limit_secs, 0.0)).0;
        let ys = [0.46, 0.32, 0.18, 0.06].map(|h| plane.px((0.0, y_max * h)).1);
        let mut spots = label::beside_vertical(x, &ys, gap, true);
        for h in [0.5, 0.58, 0.66] {
            let y = plane.px((0.0, y_max * h)).1 - gap;
            spots.push(Spot::new(x - gap, y, Edge::Start, Edge::End));
            spots.push(Spot::new(x + gap, y, Edge::End, Edge::End));
        }
        let time = format!("{} s", format::trimmed(band.limit_secs, 1));
        let text = format!("{time}: {}", band.label);
        draw_placed(&chart, &[&text, &time], &spots, (11.0, p.axis), style, &mut lines)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Param;

    #[test]
    fn reference_case_milestones() {
        let t = TimelineInputs::of(&State::default());
        assert!((t.prefill_end_secs - 2.0).abs() < 1e-12);
        assert!((t.total_secs - 7.0).abs() < 1e-12);
        assert!(!t.reader_waits());
        assert!(t.summary().contains("2.02 s"), "{}", t.summary());
    }

    #[test]
    fn a_slow_stream_makes_the_reader_wait() {
        let t = TimelineInputs::of(&State::default().with(Param::Decode, 3.0));
        assert!(t.reader_waits());
        assert!((t.streamed_read_secs - t.total_secs).abs() < 1e-12);
    }
}
