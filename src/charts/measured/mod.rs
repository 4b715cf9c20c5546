//! The figures of a run the reader loaded ("Your own measurements"): TTFT against prompt length
//! with the fitted floor and median lines, decode time against output length with the fitted
//! decode line, and each request's excess over the floor.
//!
//! Each is a [`Chart`](super::Chart) like the lesson's figures, built from a fitted run instead
//! of the page's state. The Web Worker builds and draws them, which keeps their code and a run's
//! points out of the page's first load and off its main thread.

pub mod cloud;
pub mod decode;
pub mod residuals;
pub mod ttft;

pub use cloud::Cloud;
pub use decode::DecodeInputs;
pub use residuals::ResidualInputs;
pub use ttft::TtftInputs;

use super::plane::{draw_axes, Axes, Layout, Plane, Scale};
use super::table::{Cell, DataTable};
use super::{Chart, DrawResult, Style};
use crate::format;
use crate::measurements::{stats, Fit};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Which of a run's figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunFigure {
    Ttft,
    Decode,
    Residuals,
}

impl RunFigure {
    pub const ALL: [RunFigure; 3] = [RunFigure::Ttft, RunFigure::Decode, RunFigure::Residuals];

    /// The stem of the figure's test ids and file names.
    pub fn slug(self) -> &'static str {
        match self {
            RunFigure::Ttft => "fit-ttft",
            RunFigure::Decode => "fit-decode-time",
            RunFigure::Residuals => "fit-residuals",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            RunFigure::Ttft => "Your run: time to first token against prompt length",
            RunFigure::Decode => "Your run: decode time against answer length",
            RunFigure::Residuals => "Your run: each request's wait above the floor",
        }
    }

    /// The figure's position in [`RunFigure::ALL`], as the worker and the page name it.
    pub fn index(self) -> usize {
        match self {
            RunFigure::Ttft => 0,
            RunFigure::Decode => 1,
            RunFigure::Residuals => 2,
        }
    }

    pub fn from_index(i: usize) -> Option<RunFigure> {
        RunFigure::ALL.into_iter().find(|f| f.index() == i)
    }
}

/// All three figures of one run.
#[derive(Clone, Debug, PartialEq)]
pub struct RunFigures {
    pub ttft: TtftInputs,
    pub decode: DecodeInputs,
    pub residuals: ResidualInputs,
}

impl RunFigures {
    pub fn of(fit: &Fit) -> RunFigures {
        RunFigures {
            ttft: TtftInputs::of(fit),
            decode: DecodeInputs::of(fit),
            residuals: ResidualInputs::of(fit),
        }
    }

    pub fn draw<DB: DrawingBackend>(
        &self,
        figure: RunFigure,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
    ) -> DrawResult<DB> {
        match figure {
            RunFigure::Ttft => self.ttft.draw(area, style),
            RunFigure::Decode => self.decode.draw(area, style),
            RunFigure::Residuals => self.residuals.draw(area, style),
        }
    }

    pub fn summary(&self, figure: RunFigure) -> String {
        match figure {
            RunFigure::Ttft => self.ttft.summary(),
            RunFigure::Decode => self.decode.summary(),
            RunFigure::Residuals => self.residuals.summary(),
        }
    }

    pub fn table(&self, figure: RunFigure) -> DataTable {
        match figure {
            RunFigure::Ttft => self.ttft.table(),
            RunFigure::Decode => self.decode.table(),
            RunFigure::Residuals => self.residuals.table(),
        }
    }
}

/// Rows in a figure's table: its requests in this many equal slices of the x axis.
pub const TABLE_BINS: usize = 20;

/// The requests in one slice of the x axis, for the figure's table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bin {
    pub from: f64,
    pub to: f64,
    pub requests: usize,
    pub p10: f64,
    pub median: f64,
    pub p90: f64,
}

impl Bin {
    pub fn middle(&self) -> f64 {
        (self.from + self.to) / 2.0
    }
}

/// The points in `count` equal slices of `x_range`, empty slices left out: a table of bounded
/// size however many requests there are.
pub fn bins(points: &[(f64, f64)], (lo, hi): (f64, f64), count: usize) -> Vec<Bin> {
    let count = count.max(1);
    let width = (hi - lo) / count as f64;
    let mut ys: Vec<Vec<f64>> = vec![Vec::new(); count];
    for &(x, y) in points.iter().filter(|(x, y)| x.is_finite() && y.is_finite()) {
        let i = if width > 0.0 { ((x - lo) / width).floor().max(0.0) as usize } else { 0 };
        if let Some(slot) = ys.get_mut(i.min(count - 1)) {
            slot.push(y);
        }
    }
    ys.into_iter()
        .enumerate()
        .filter(|(_, ys)| !ys.is_empty())
        .map(|(i, ys)| {
            let mut sorted = ys;
            sorted.sort_unstable_by(f64::total_cmp);
            let q = |p| stats::percentile_sorted(&sorted, p).unwrap_or(0.0);
            Bin {
                from: lo + width * i as f64,
                to: lo + width * (i + 1) as f64,
                requests: sorted.len(),
                p10: q(10.0),
                median: q(50.0),
                p90: q(90.0),
            }
        })
        .collect()
}

/// A table of bins: the slice, its request count, its 10th percentile, median and 90th
/// percentile, then one column per fitted line (its value at the slice's middle, or "not
/// fitted").
pub fn bin_table(
    caption: String,
    headers: Vec<&'static str>,
    bins: &[Bin],
    x_text: fn(f64) -> String,
    lines: &[Option<&dyn Fn(f64) -> f64>],
) -> DataTable {
    let rows = bins
        .iter()
        .map(|b| {
            let mut row = vec![
                Cell::number(b.from, x_text(b.from)),
                Cell::number(b.to, x_text(b.to)),
                Cell::number(b.requests as f64, format::with_separators(b.requests as f64, 0)),
                Cell::number(b.p10, secs_text(b.p10)),
                Cell::number(b.median, secs_text(b.median)),
                Cell::number(b.p90, secs_text(b.p90)),
            ];
            for line in lines {
                row.push(match line {
                    Some(f) => {
                        let v = f(b.middle());
                        Cell::number(v, secs_text(v))
                    }
                    None => Cell::text("not fitted"),
                });
            }
            row
        })
        .collect();
    DataTable { caption, headers, rows, current_row: None }
}

/// What the table's caption adds about its rows: that they are slices of the requests, and
/// where every request is.
pub fn bins_note(requests: usize, rows: usize) -> String {
    format!(
        "{} requests in {} slices of equal width (empty ones left out); each request on its own \
         is in the residuals CSV",
        format::with_separators(requests as f64, 0),
        rows
    )
}

/// The sentence about how the requests are drawn, when there are more than marks.
pub fn marks_sentence(cloud: &Cloud) -> String {
    let mut out = String::new();
    // Said when sharing marks thins the drawing noticeably, not for a stray pair.
    if cloud.marks.len() * 10 < cloud.requests * 9 {
        out.push_str(&format!(
            " To draw quickly, requests that fall in the same small cell of the plot share one \
             mark ({} marks for {} requests; darker marks hold more).",
            format::with_separators(cloud.marks.len() as f64, 0),
            format::with_separators(cloud.requests as f64, 0)
        ));
    }
    if cloud.above > 0 {
        out.push_str(&format!(
            " {} above {} {} drawn on the top edge.",
            requests_text(cloud.above),
            secs_text(cloud.y_range.1),
            if cloud.above == 1 { "is" } else { "are" }
        ));
    }
    if cloud.below > 0 {
        out.push_str(&format!(
            " {} below {} {} drawn on the bottom edge.",
            requests_text(cloud.below),
            secs_text(cloud.y_range.0),
            if cloud.below == 1 { "is" } else { "are" }
        ));
    }
    out
}

/// A duration that may be negative (a request under the floor): "−40 ms".
pub fn secs_text(secs: f64) -> String {
    if secs < 0.0 {
        format!("\u{2212}{}", format::duration(-secs))
    } else {
        format::duration(secs)
    }
}

/// A scale's two ends.
fn ends(scale: Scale) -> (f64, f64) {
    match scale {
        Scale::Linear(lo, hi) | Scale::Log(lo, hi) => (lo, hi),
    }
}

/// "1 request", "1,200 requests".
pub fn requests_text(n: usize) -> String {
    let count = format::with_separators(n as f64, 0);
    if n == 1 {
        "1 request".to_string()
    } else {
        format!("{count} requests")
    }
}

/// The plot plane with axes for a cloud's ranges.
pub fn plane<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    cloud: &Cloud,
    style: &Style,
    x_desc: &str,
    y_desc: &str,
) -> Result<DrawingArea<DB, Plane>, DrawingAreaErrorKind<DB::ErrorType>> {
    let chart = Plane::on(
        area,
        Scale::Linear(cloud.x_range.0, cloud.x_range.1),
        Scale::Linear(cloud.y_range.0, cloud.y_range.1),
        Layout::figure(style, 64.0),
    );
    draw_axes(
        &chart,
        &Axes {
            x_desc,
            y_desc,
            x_ticks: 6,
            y_ticks: 5,
            x_label: &|v| format::short_count(v, 0),
            y_label: &secs_text,
            x_grid: true,
            y_grid: true,
        },
        style,
    )?;
    Ok(chart)
}

/// The cloud's marks: small squares, shaded by how many requests each holds.
pub fn draw_marks<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    cloud: &Cloud,
    style: &Style,
) -> DrawResult<DB> {
    let plane = *chart.as_coord_spec();
    let area = chart.strip_coord_spec();
    let base = area.get_base_pixel();
    let half = style.px(2.0) as i32;
    let color = style.palette.wait;
    for mark in &cloud.marks {
        let (x, y) = plane.translate(&(mark.x, mark.y));
        let (x, y) = (x - base.0, y - base.1);
        let fill = color.mix(cloud.opacity(mark)).filled();
        area.draw(&Rectangle::new([(x - half, y - half), (x + half, y + half)], fill))?;
    }
    Ok(())
}

/// A straight line `intercept + slope·x` across the plane's x range.
pub fn draw_line<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    (intercept, slope): (f64, f64),
    (from, to): (f64, f64),
    color: RGBColor,
    dashed: bool,
    style: &Style,
) -> DrawResult<DB> {
    let y_span = ends(chart.as_coord_spec().y);
    let Some((from, to)) = within((intercept, slope), (from, to), y_span) else { return Ok(()) };
    let (a, b) = ((from, intercept + slope * from), (to, intercept + slope * to));
    let line = style.line(color, 2.5);
    if dashed {
        for dash in super::dashes(a, b, 24) {
            chart.draw(&PathElement::new(dash, line))?;
        }
        return Ok(());
    }
    chart.draw(&PathElement::new(vec![a, b], line))
}

/// The part of `[from, to]` where the line `intercept + slope·x` stays within `y_span`, so a
/// line is not drawn over the axes' labels (a floor with a negative intercept, say).
pub fn within(
    (intercept, slope): (f64, f64),
    (from, to): (f64, f64),
    (lo, hi): (f64, f64),
) -> Option<(f64, f64)> {
    if slope == 0.0 {
        return (intercept >= lo && intercept <= hi).then_some((from, to));
    }
    let (at_lo, at_hi) = ((lo - intercept) / slope, (hi - intercept) / slope);
    let (start, end) = (from.max(at_lo.min(at_hi)), to.min(at_lo.max(at_hi)));
    (start < end).then_some((start, end))
}

/// A message in place of a plot, for a figure with nothing to draw.
pub fn draw_message<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    lines: &[&str],
    style: &Style,
) -> DrawResult<DB> {
    let (w, h) = area.dim_in_pixel();
    let step = style.px(20.0) as i32;
    let top = h as i32 / 2 - step * (lines.len() as i32 - 1) / 2;
    for (i, line) in lines.iter().enumerate() {
        area.draw(&Text::new(
            line.to_string(),
            (w as i32 / 2, top + step * i as i32),
            style.font(14.0).pos(Pos::new(HPos::Center, VPos::Center)),
        ))?;
    }
    Ok(())
}

/// A note in the plot's top left corner.
pub fn draw_note<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    text: &str,
    style: &Style,
) -> DrawResult<DB> {
    let plane = *chart.as_coord_spec();
    let area = chart.strip_coord_spec();
    let base = area.get_base_pixel();
    let (x, y) = plane.translate(&(ends(plane.x).0, ends(plane.y).1));
    let at = (x - base.0 + style.px(8.0) as i32, y - base.1 + style.px(8.0) as i32);
    area.draw(&Text::new(
        text.to_string(),
        at,
        style.font(12.0).pos(Pos::new(HPos::Left, VPos::Top)),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bins_split_the_axis_and_skip_empty_slices() {
        let points: Vec<(f64, f64)> =
            (0..100).map(|i| (f64::from(i), f64::from(i % 10))).filter(|p| p.0 < 50.0).collect();
        let b = bins(&points, (0.0, 100.0), 10);
        assert_eq!(b.len(), 5, "the upper half is empty");
        assert_eq!(b[0].requests, 10);
        assert_eq!((b[0].from, b[0].to), (0.0, 10.0));
        assert_eq!(b[0].median, 4.5);
        assert!(b[0].p10 < b[0].median && b[0].median < b[0].p90);
        assert!(bins(&[], (0.0, 1.0), 20).is_empty());
    }

    #[test]
    fn lines_are_cut_where_they_leave_the_plot() {
        // y = −1 + x on [0, 10] within y ∈ [0, 5]: from x = 1 to x = 6.
        assert_eq!(within((-1.0, 1.0), (0.0, 10.0), (0.0, 5.0)), Some((1.0, 6.0)));
        // Falling: y = 4 − x within [0, 5] on [0, 10]: from 0 to 4.
        assert_eq!(within((4.0, -1.0), (0.0, 10.0), (0.0, 5.0)), Some((0.0, 4.0)));
        assert_eq!(within((7.0, 0.0), (0.0, 10.0), (0.0, 5.0)), None);
        assert_eq!(within((2.0, 0.0), (0.0, 10.0), (0.0, 5.0)), Some((0.0, 10.0)));
        assert_eq!(within((-20.0, 1.0), (0.0, 10.0), (0.0, 5.0)), None);
    }

    #[test]
    fn figures_round_trip_their_index() {
        for f in RunFigure::ALL {
            assert_eq!(RunFigure::from_index(f.index()), Some(f));
        }
        assert_eq!(RunFigure::from_index(3), None);
    }
}
