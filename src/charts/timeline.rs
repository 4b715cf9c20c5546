//! Figure 1: one request on a time axis. Wait, prefill and decode as bands; tokens on screen
//! when streamed, when not streamed, and how far a reader has got.

use super::label::{self, Edge, Spot};
use super::legend::LegendItem;
use super::plane::{draw_all, draw_axes, Axes, Layout, Plane, Scale};
use super::table::{Cell, DataTable};
use super::{backdrop, dashes, draw_if_clear, draw_placed, Chart, DrawResult, Palette, Style};
use crate::format;
use crate::model::levers::{ResponseBand, RESPONSE_BANDS};
use crate::state::playback::timeline_end_secs;
use crate::state::{Figure, Param, State};
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
    /// The moment of the request being played, when it is: a rule across the figure at that
    /// time, with what is on screen then marked on each line.
    pub cursor_secs: Option<f64>,
}

impl Chart for TimelineInputs {
    type Input = State;

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
            x_max_secs: timeline_end_secs(total),
            cursor_secs: None,
        }
    }

    #[inline(never)] // see `Chart`
    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
    ) -> DrawResult<DB> {
        let shapes = Shapes::of(self, &style.palette);
        let scales = (Scale::Linear(0.0, self.x_max_secs), Scale::Linear(0.0, shapes.y_max));
        let layout = Layout::figure(style, 58.0);
        let chart = backdrop(area, &legend(&style.palette), scales, layout, style)?;
        phase_bands(&chart, &shapes)?;
        axes(&chart, style)?;
        let mut taken = shapes.obstacles(chart.as_coord_spec(), self);
        response_rules(&chart, &shapes, style)?;
        arrivals(&chart, &shapes, style)?;
        reader(&chart, self, &shapes, style)?;
        milestones(&chart, &shapes, style, &mut taken)?;
        phase_names(&chart, &shapes, style, &mut taken)?;
        reader_waits_label(&chart, self, &shapes, style, &mut taken)?;
        response_rule_labels(&chart, &shapes, style, &mut taken)?;
        // Last, and kept out of the labels' way: the labels stay put while it moves.
        match self.cursor_secs {
            Some(secs) => cursor(&chart, self, &shapes, secs, style),
            None => Ok(()),
        }
    }

    /// One sentence for the canvas's accessible name.
    fn summary(&self) -> String {
        let pace = if self.reader_waits() {
            "The answer arrives slower than a person reads, so a reader waits between words."
        } else {
            "Once it starts, the answer arrives faster than a person reads."
        };
        // The dashed rules are drawn, so the words name them too: on the page they are
        // explained further down, and an embedded figure has no page around it.
        let mut rules = String::new();
        for b in self.limits_drawn() {
            rules.push_str(if rules.is_empty() {
                " Response-time limits it spans, each a grey dashed rule: "
            } else {
                " and "
            });
            rules.push_str(&limit_time(b));
            rules.push_str(" (");
            rules.push_str(b.label);
            rules.push(')');
        }
        if !rules.is_empty() {
            rules.push('.');
        }
        format!(
            "Timeline of one request: the screen is empty for {} (time to first token); the last token arrives at {}. Without streaming nothing shows until {}. {pace}{rules}",
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
            caption: format!("{} as a table: milestones of the request", Figure::Timeline.name()),
            headers: vec!["moment", "after sending|s"],
            rows,
            current_row: None,
        }
    }
}

/// A response-time limit's time as its rule is labelled, and as the figure's words name it.
fn limit_time(band: &ResponseBand) -> String {
    format!("{} s", format::trimmed(band.limit_secs, 1))
}

impl TimelineInputs {
    /// The response-time limits drawn as rules: those inside the time axis and clear of its
    /// ends, where a rule and its label would crowd the axis.
    fn limits_drawn(&self) -> impl Iterator<Item = &'static ResponseBand> {
        let x_max_secs = self.x_max_secs;
        RESPONSE_BANDS
            .iter()
            .filter(move |b| b.limit_secs < x_max_secs * 0.97 && b.limit_secs > x_max_secs * 0.03)
    }

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

/// One phase of the request as a tinted band across the plot, named at its top.
struct Phase {
    from_secs: f64,
    to_secs: f64,
    tint: RGBColor,
    ink: RGBColor,
    name: &'static str,
}

/// A moment marked by a vertical rule: the first token (labelled rightwards) and the last
/// (leftwards).
struct Milestone {
    secs: f64,
    text: String,
    color: RGBColor,
    first: bool,
}

/// Figure 1's scales and shapes in data coordinates: time across, tokens up, and what is drawn
/// on them.
struct Shapes {
    y_max: f64,
    phases: [Phase; 3],
    /// Tokens on screen without streaming: none until the last, then all.
    unstreamed: Vec<(f64, f64)>,
    /// Tokens on screen when streamed: the first at TTFT, then one per decode step.
    streamed: Vec<(f64, f64)>,
    /// Where the reader's line ends: at the last token, or at the axis's end.
    read_end_secs: f64,
    milestones: [Milestone; 2],
    /// The response-time bands whose limit falls inside the axis.
    bands: Vec<&'static ResponseBand>,
}

impl Shapes {
    fn of(t: &TimelineInputs, p: &Palette) -> Shapes {
        let phase =
            |from_secs, to_secs, tint, ink, name| Phase { from_secs, to_secs, tint, ink, name };
        let milestone = |secs, text, color, first| Milestone { secs, text, color, first };
        Shapes {
            y_max: (t.output_tokens * 1.12).max(1.0),
            phases: [
                phase(0.0, t.wait_secs, p.wait_band, p.wait, "wait"),
                phase(t.wait_secs, t.prefill_end_secs, p.prefill_band, p.prefill, "prefill"),
                phase(t.prefill_end_secs, t.total_secs, p.decode_band, p.decode, "decode"),
            ],
            unstreamed: vec![
                (0.0, 0.0),
                (t.total_secs, 0.0),
                (t.total_secs, t.output_tokens),
                (t.x_max_secs, t.output_tokens),
            ],
            streamed: vec![
                (0.0, 0.0),
                (t.ttft_secs, 0.0),
                (t.ttft_secs, t.output_tokens.min(1.0)),
                (t.total_secs, t.output_tokens),
                (t.x_max_secs, t.output_tokens),
            ],
            read_end_secs: (t.ttft_secs + t.output_tokens / t.reading_tokens_per_sec)
                .min(t.x_max_secs),
            milestones: [
                milestone(
                    t.ttft_secs,
                    format!("first token {}", format::duration(t.ttft_secs)),
                    p.marker,
                    true,
                ),
                milestone(
                    t.total_secs,
                    format!("done {}", format::duration(t.total_secs)),
                    p.total,
                    false,
                ),
            ],
            bands: t.limits_drawn().collect(),
        }
    }

    /// The reader's line, from the first token to where it ends.
    fn reading(&self, t: &TimelineInputs) -> ((f64, f64), (f64, f64)) {
        ((t.ttft_secs, 0.0), (self.read_end_secs, t.read_tokens_at(self.read_end_secs)))
    }

    /// Everything a label must not be drawn across, in pixels: every line and rule of the
    /// figure.
    fn obstacles(&self, plane: &Plane, t: &TimelineInputs) -> Vec<Vec<(f64, f64)>> {
        let (read_from, read_to) = self.reading(t);
        let mut lines: Vec<Vec<(f64, f64)>> = vec![
            plane.px_line(&self.unstreamed),
            plane.px_line(&self.streamed),
            plane.px_line(&[read_from, read_to]),
        ];
        lines.extend(
            self.milestones
                .iter()
                .map(|m| plane.px_line(&[(m.secs, 0.0), (m.secs, self.y_max * 0.86)])),
        );
        lines.extend(
            self.bands
                .iter()
                .map(|b| plane.px_line(&[(b.limit_secs, 0.0), (b.limit_secs, self.y_max * 0.5)])),
        );
        lines
    }
}

impl TimelineInputs {
    /// How far a reader who started at the first token has read by `secs`, in tokens.
    fn read_tokens_at(&self, secs: f64) -> f64 {
        (self.reading_tokens_per_sec * (secs - self.ttft_secs)).clamp(0.0, self.output_tokens)
    }
}

fn legend(p: &Palette) -> [LegendItem; 3] {
    [
        LegendItem { name: "streamed", color: p.decode, dashed: false },
        LegendItem { name: "not streamed", color: p.total, dashed: false },
        LegendItem { name: "a reader at reading speed", color: p.reading, dashed: true },
    ]
}

/// Wait, prefill and decode as tinted bands behind everything else.
fn phase_bands<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    shapes: &Shapes,
) -> DrawResult<DB> {
    for phase in shapes.phases.iter().filter(|phase| phase.to_secs > phase.from_secs) {
        let corners = [(phase.from_secs, 0.0), (phase.to_secs, shapes.y_max)];
        chart.draw(&Rectangle::new(corners, phase.tint.filled()))?;
    }
    Ok(())
}

fn axes<DB: DrawingBackend>(chart: &DrawingArea<DB, Plane>, style: &Style) -> DrawResult<DB> {
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
    draw_axes(chart, &axes, style)
}

/// Response-time bands a person feels, as dashed rules where they fall inside the axis.
fn response_rules<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    shapes: &Shapes,
    style: &Style,
) -> DrawResult<DB> {
    for band in &shapes.bands {
        for seg in dashes((band.limit_secs, 0.0), (band.limit_secs, shapes.y_max * 0.5), 10) {
            chart.draw(&PathElement::new(seg, style.line(style.palette.axis, 1.0)))?;
        }
    }
    Ok(())
}

/// The moment being played: a rule across the figure, and a dot where it meets each line.
fn cursor<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    t: &TimelineInputs,
    shapes: &Shapes,
    secs: f64,
    style: &Style,
) -> DrawResult<DB> {
    let p = style.palette;
    let secs = secs.clamp(0.0, t.x_max_secs);
    let rule = vec![(secs, 0.0), (secs, shapes.y_max)];
    chart.draw(&PathElement::new(rule, style.line(p.text, 1.5)))?;
    let (read_from, read_to) = shapes.reading(t);
    let dots = [
        (height_at(&shapes.unstreamed, secs), p.total),
        (height_at(&shapes.streamed, secs), p.decode),
        (height_at(&[read_from, read_to], secs).filter(|_| secs >= t.ttft_secs), p.reading),
    ];
    for (tokens, color) in dots {
        if let Some(tokens) = tokens {
            chart.draw(&Circle::new((secs, tokens), style.px(4.5), color.filled()))?;
        }
    }
    Ok(())
}

/// The height of a line of points at `x`, where the line spans it (the top of a vertical step).
fn height_at(line: &[(f64, f64)], x: f64) -> Option<f64> {
    line.windows(2).rev().find_map(|pair| match pair {
        [(x0, y0), (x1, y1)] if *x0 <= x && x <= *x1 => {
            Some(if x1 > x0 { y0 + (y1 - y0) * (x - x0) / (x1 - x0) } else { *y1 })
        }
        _ => None,
    })
}

/// Tokens on screen, unstreamed and streamed.
fn arrivals<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    shapes: &Shapes,
    style: &Style,
) -> DrawResult<DB> {
    let p = style.palette;
    chart.draw(&PathElement::new(shapes.unstreamed.clone(), style.line(p.total, 2.0)))?;
    chart.draw(&PathElement::new(shapes.streamed.clone(), style.line(p.decode, 3.0)))
}

/// The reading-speed line, from the first token. Where it runs above the stream the reader
/// has caught up and is waiting for text: that gap is shaded.
fn reader<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    t: &TimelineInputs,
    shapes: &Shapes,
    style: &Style,
) -> DrawResult<DB> {
    let p = style.palette;
    let (read_from, read_to) = shapes.reading(t);
    draw_all(
        chart,
        dashes(read_from, read_to, 14)
            .into_iter()
            .map(|seg| PathElement::new(seg, style.line(p.reading, 2.0))),
    )?;
    if !t.reader_waits() {
        return Ok(());
    }
    let samples = 40;
    let read_end = shapes.read_end_secs;
    let at = |i: usize| t.ttft_secs + (read_end - t.ttft_secs) * i as f64 / samples as f64;
    let gap: Vec<(f64, f64)> = (0..=samples)
        .map(at)
        .map(|x| (x, t.read_tokens_at(x)))
        .chain((0..=samples).rev().map(at).map(|x| {
            let arrived = (1.0 + (x - t.ttft_secs) * t.decode_tokens_per_sec).min(t.output_tokens);
            (x, arrived.min(t.read_tokens_at(x)))
        }))
        .collect();
    chart.draw(&Polygon::new(gap, p.reading.mix(0.25).filled()))
}

/// The first and last token as rules with their times. The first-token label reads rightwards
/// from its rule and the total's leftwards, so the two keep apart even when close; each moves
/// to its rule's other side, or up or down, when something else is in the way.
fn milestones<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    shapes: &Shapes,
    style: &Style,
    lines: &mut Vec<Vec<(f64, f64)>>,
) -> DrawResult<DB> {
    let plane = *chart.as_coord_spec();
    let y_max = shapes.y_max;
    for m in &shapes.milestones {
        let rule = vec![(m.secs, 0.0), (m.secs, y_max * 0.86)];
        chart.draw(&PathElement::new(rule, style.line(m.color, 1.5)))?;
        let heights: [f64; 4] =
            if m.first { [0.8, 0.7, 0.9, 0.6] } else { [0.66, 0.56, 0.76, 0.46] };
        let x = plane.px((m.secs, 0.0)).0;
        let ys = heights.map(|h| plane.px((0.0, y_max * h)).1);
        let spots = label::beside_vertical(x, &ys, 4.0 * style.scale, m.first);
        draw_placed(chart, &[&m.text], &spots, (12.0, m.color), style, lines)?;
    }
    Ok(())
}

/// Phase names at the top of their band (or a row or two lower), in its middle, or else a
/// quarter in from either side or at either end, clear of the labels placed before; a band too
/// narrow or too crowded for its name goes unnamed.
fn phase_names<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    shapes: &Shapes,
    style: &Style,
    lines: &mut Vec<Vec<(f64, f64)>>,
) -> DrawResult<DB> {
    let plane = *chart.as_coord_spec();
    let inside = plane.plot_box();
    let (gap, y_max) = (4.0 * style.scale, shapes.y_max);
    for phase in &shapes.phases {
        let (left, right) =
            (plane.px((phase.from_secs, y_max)).0, plane.px((phase.to_secs, y_max)).0);
        let top = plane.px((phase.from_secs, y_max * 0.97)).1;
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
        let font = (12.0, phase.ink);
        draw_if_clear(chart, &[phase.name], &spots, band_box, font, style, lines)?;
    }
    Ok(())
}

/// When the stream is slower than a reader, the shaded gap is named above the reader's line.
fn reader_waits_label<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    t: &TimelineInputs,
    shapes: &Shapes,
    style: &Style,
    lines: &mut Vec<Vec<(f64, f64)>>,
) -> DrawResult<DB> {
    if !t.reader_waits() {
        return Ok(());
    }
    let plane = *chart.as_coord_spec();
    let gap = 4.0 * style.scale;
    let spots: Vec<Spot> = [0.5, 0.35, 0.65, 0.8]
        .iter()
        .map(|f| {
            let secs = t.ttft_secs + (shapes.read_end_secs - t.ttft_secs) * f;
            let (x, y) = plane.px((secs, t.read_tokens_at(secs)));
            Spot::new(x - gap, y - gap, Edge::End, Edge::End)
        })
        .collect();
    let text = "reader waits for text";
    draw_placed(chart, &[text], &spots, (12.0, style.palette.reading), style, lines)
}

/// Band labels beside their dashed rule: right of it, else left, lower down if need be; where
/// the rules stand too close for that, above the rules' tops; and where the whole label finds
/// no clear spot (a narrow figure, rules close together), the time alone.
fn response_rule_labels<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    shapes: &Shapes,
    style: &Style,
    lines: &mut Vec<Vec<(f64, f64)>>,
) -> DrawResult<DB> {
    let plane = *chart.as_coord_spec();
    let (gap, y_max) = (4.0 * style.scale, shapes.y_max);
    for band in &shapes.bands {
        let x = plane.px((band.limit_secs, 0.0)).0;
        let ys = [0.46, 0.32, 0.18, 0.06].map(|h| plane.px((0.0, y_max * h)).1);
        let mut spots = label::beside_vertical(x, &ys, gap, true);
        for h in [0.5, 0.58, 0.66] {
            let y = plane.px((0.0, y_max * h)).1 - gap;
            spots.push(Spot::new(x - gap, y, Edge::Start, Edge::End));
            spots.push(Spot::new(x + gap, y, Edge::End, Edge::End));
        }
        let time = limit_time(band);
        let text = format!("{time}: {}", band.label);
        let font = (11.0, style.palette.axis);
        draw_placed(chart, &[&text, &time], &spots, font, style, lines)?;
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
    fn the_words_name_each_limit_drawn_and_no_other() {
        // The summariser's axis runs to 9.45 s: 0.1 s crowds its start and 10 s is past its end.
        let t = TimelineInputs::of(&State::default());
        let summary = t.summary();
        assert!(summary.ends_with("each a grey dashed rule: 1 s (flow unbroken)."), "{summary}");
        assert!(!summary.contains("0.1 s") && !summary.contains("10 s"), "{summary}");
        // A longer request spans the 10 s limit too.
        let mut long = State::default();
        long.set(Param::Output, 600.0);
        let summary = TimelineInputs::of(&long).summary();
        assert!(
            summary.ends_with("rule: 1 s (flow unbroken) and 10 s (attention holds)."),
            "{summary}"
        );
    }

    #[test]
    fn the_cursor_is_an_input_drawn_only_while_playing() {
        let still = TimelineInputs::of(&State::default());
        assert_eq!(still.cursor_secs, None);
        let svg = |t: TimelineInputs| t.to_svg(&Style::default(), 700, 300).unwrap_or_default();
        let at = |secs| TimelineInputs { cursor_secs: Some(secs), ..still };
        assert_ne!(svg(at(1.0)), svg(still));
        assert_ne!(svg(at(1.0)), svg(at(3.0)), "a later moment moves the rule");
        let line = [(0.0, 0.0), (2.0, 0.0), (2.0, 1.0), (7.0, 300.0)];
        assert_eq!(height_at(&line, 1.0), Some(0.0));
        assert_eq!(height_at(&line, 2.0), Some(1.0), "the top of the step");
        assert_eq!(height_at(&line, 4.5), Some(150.5));
        assert_eq!(height_at(&line, 8.0), None);
    }

    #[test]
    fn a_slow_stream_makes_the_reader_wait() {
        let t = TimelineInputs::of(&State::default().with(Param::Decode, 3.0));
        assert!(t.reader_waits());
        assert!((t.streamed_read_secs - t.total_secs).abs() < 1e-12);
    }
}
