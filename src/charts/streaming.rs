//! Figure 3: what streaming changes for a person reading. The answer's arrival, streamed and
//! not, and how far the reader has read under each: streamed, reading starts at the first token;
//! unstreamed, at the last. The last token lands at the same moment either way.

use super::label::{Edge, Spot};
use super::legend::LegendItem;
use super::plane::{draw_all, draw_axes, Axes, Layout, Plane, Scale};
use super::table::{Cell, DataTable};
use super::{backdrop, dashes, draw_if_clear, plane_of, Chart, DrawResult, Style, TimelineInputs};
use crate::format;
use crate::state::{Figure, State};
use plotters::coord::Shift;
use plotters::prelude::*;

/// The figure's numbers: one request's two milestones, its answer, and the reader.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StreamingInputs {
    pub ttft_secs: f64,
    pub total_secs: f64,
    pub output_tokens: f64,
    pub reading_tokens_per_sec: f64,
    /// When a reader following the stream reaches the last token.
    pub streamed_read_secs: f64,
    /// When a reader of the whole answer, shown at once, reaches its end.
    pub unstreamed_read_secs: f64,
}

impl Chart for StreamingInputs {
    type Input = State;

    fn of(state: &State) -> StreamingInputs {
        // Figure 1's request and reader, which work out the same milestones.
        let t = TimelineInputs::of(state);
        StreamingInputs {
            ttft_secs: t.ttft_secs,
            total_secs: t.total_secs,
            output_tokens: t.output_tokens,
            reading_tokens_per_sec: t.reading_tokens_per_sec,
            streamed_read_secs: t.streamed_read_secs,
            unstreamed_read_secs: t.unstreamed_read_secs,
        }
    }

    #[inline(never)] // see `Chart`
    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
    ) -> DrawResult<DB> {
        let p = style.palette;
        let lines = self.lines();
        let legend = [
            LegendItem { name: "on screen, streamed", color: p.decode, dashed: false },
            LegendItem { name: "on screen, not streamed", color: p.total, dashed: false },
            LegendItem { name: "read by a person", color: p.reading, dashed: true },
        ];
        let layout = Layout::figure(style, 58.0);
        let x = Scale::Linear(0.0, self.x_max_secs());
        // Room above the answer's top for the two finishes' labels, one row over the other:
        // two fifths of the answer, or more on a short figure (a phone's), where that would
        // leave less than two rows.
        let roomy = (self.output_tokens * 1.4).max(1.0);
        let plot =
            plane_of(area.dim_in_pixel(), &legend, (x, Scale::Linear(0.0, roomy)), layout, style)
                .plot_box();
        let rows_px = 50.0 * style.scale;
        let share = (rows_px / (plot.bottom - plot.top).max(1.0)).min(0.6);
        let y_max = roomy.max(self.output_tokens / (1.0 - share));
        let chart = backdrop(area, &legend, (x, Scale::Linear(0.0, y_max)), layout, style)?;
        let axes = Axes {
            x_desc: "time since the request was sent (s)",
            y_desc: "tokens",
            x_ticks: 6,
            y_ticks: 4,
            x_label: &|x| format::trimmed(x, 2),
            y_label: &|y| format::with_separators(y, 0),
            x_grid: false,
            y_grid: true,
        };
        draw_axes(&chart, &axes, style)?;
        chart.draw(&PathElement::new(lines.unstreamed.to_vec(), style.line(p.total, 2.0)))?;
        chart.draw(&PathElement::new(lines.streamed.to_vec(), style.line(p.decode, 3.0)))?;
        for (from, to) in [lines.read_streamed, lines.read_unstreamed] {
            draw_all(
                &chart,
                dashes(from, to, 14)
                    .into_iter()
                    .map(|seg| PathElement::new(seg, style.line(p.reading, 2.0))),
            )?;
        }
        finish_labels(&chart, self, &lines, style)
    }

    fn summary(&self) -> String {
        format!(
            "Streaming and a reader: the last token arrives at {} either way. Streamed, a person starts reading at the first token, {}, and finishes at {}; not streamed, they start at {} and finish at {}, {} later.",
            format::duration(self.total_secs),
            format::duration(self.ttft_secs),
            format::duration(self.streamed_read_secs),
            format::duration(self.total_secs),
            format::duration(self.unstreamed_read_secs),
            format::duration(self.saved_secs()),
        )
    }

    fn table(&self) -> DataTable {
        let rows = [
            ("Reader starts, streamed (first token)", self.ttft_secs),
            ("Last token arrives", self.total_secs),
            ("Reader starts, not streamed", self.total_secs),
            ("Reader finishes, streamed", self.streamed_read_secs),
            ("Reader finishes, not streamed", self.unstreamed_read_secs),
        ]
        .into_iter()
        .map(|(what, secs)| vec![Cell::text(what), Cell::number(secs, format::duration(secs))])
        .collect();
        DataTable {
            caption: format!(
                "{} as a table: when a person reads the answer",
                Figure::Streaming.name()
            ),
            headers: vec!["moment", "after sending|s"],
            rows,
            current_row: None,
        }
    }
}

/// The figure's lines in data coordinates: seconds across, tokens up.
struct Lines {
    streamed: [(f64, f64); 5],
    unstreamed: [(f64, f64); 4],
    /// From the first token to the last one read, at reading speed or the stream's pace,
    /// whichever is slower.
    read_streamed: ((f64, f64), (f64, f64)),
    read_unstreamed: ((f64, f64), (f64, f64)),
}

impl StreamingInputs {
    /// How much sooner a person finishes reading when the answer streams.
    pub fn saved_secs(&self) -> f64 {
        (self.unstreamed_read_secs - self.streamed_read_secs).max(0.0)
    }

    fn x_max_secs(&self) -> f64 {
        (self.unstreamed_read_secs * 1.08).max(1e-3)
    }

    fn lines(&self) -> Lines {
        let (ttft, total, out, end) =
            (self.ttft_secs, self.total_secs, self.output_tokens, self.x_max_secs());
        Lines {
            streamed: [(0.0, 0.0), (ttft, 0.0), (ttft, out.min(1.0)), (total, out), (end, out)],
            unstreamed: [(0.0, 0.0), (total, 0.0), (total, out), (end, out)],
            read_streamed: ((ttft, 0.0), (self.streamed_read_secs, out)),
            read_unstreamed: ((total, 0.0), (self.unstreamed_read_secs, out)),
        }
    }
}

/// Each reader's finish, named beside where the dashed line meets the top.
fn finish_labels<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    t: &StreamingInputs,
    lines: &Lines,
    style: &Style,
) -> DrawResult<DB> {
    let plane = *chart.as_coord_spec();
    let mut taken: Vec<Vec<(f64, f64)>> = vec![
        plane.px_line(&lines.streamed),
        plane.px_line(&lines.unstreamed),
        plane.px_line(&[lines.read_streamed.0, lines.read_streamed.1]),
        plane.px_line(&[lines.read_unstreamed.0, lines.read_unstreamed.1]),
    ];
    // A row apart: a label's box is its height and a little air above and below.
    let (gap, row) = (5.0 * style.scale, 19.0 * style.scale);
    let finishes = [
        (t.streamed_read_secs, "streamed", [0.0, 1.0]),
        (t.unstreamed_read_secs, "not streamed", [1.0, 0.0]),
    ];
    // Above the answer's last line, where nothing else is drawn: the streamed reader's finish
    // on the first row, the other's on the second, ending at the dot or starting there. On a
    // narrow figure with the two finishes close, a label with no clear spot is left out rather
    // than set over the other: its dot stays, and the text alternative and table give the time.
    let inside = plane.plot_box();
    for (secs, how, rows) in finishes {
        let (x, y) = plane.px((secs, t.output_tokens));
        let dot =
            Circle::new((secs, t.output_tokens), style.px(4.0), style.palette.reading.filled());
        chart.draw(&dot)?;
        let spots: Vec<Spot> = rows
            .into_iter()
            .flat_map(|r| {
                let top = y - gap - r * row;
                [
                    Spot::new(x + gap, top, Edge::End, Edge::End),
                    Spot::new(x - gap, top, Edge::Start, Edge::End),
                ]
            })
            .collect();
        let short = format::duration(secs);
        let text = format!("{how}: read by {short}");
        let font = (12.0, style.palette.reading);
        draw_if_clear(chart, &[&text, &short], &spots, inside, font, style, &mut taken)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Param;

    #[test]
    fn streaming_saves_the_reader_the_decode_time_when_reading_is_slower() {
        let t = StreamingInputs::of(&State::default());
        // 300 tokens at 16/3 tok/s take 56.25 s; the first token at 2.02 s, the last at 7 s.
        assert!((t.streamed_read_secs - (2.0 + 1.0 / 60.0 + 56.25)).abs() < 1e-9);
        assert!((t.unstreamed_read_secs - 63.25).abs() < 1e-9);
        assert!((t.saved_secs() - (7.0 - 2.0 - 1.0 / 60.0)).abs() < 1e-9);
        assert!(t.summary().contains("7 s either way"), "{}", t.summary());
    }

    #[test]
    fn the_reading_speed_moves_the_drawing() {
        let svg = |s: &State| StreamingInputs::of(s).to_svg(&Style::default(), 600, 260);
        let slow = svg(&State::default().with(Param::Reading, 120.0));
        assert_ne!(svg(&State::default()), slow);
        assert!(slow.is_ok());
    }
}
