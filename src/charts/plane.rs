//! The data plane of a figure: a linear or logarithmic scale on each axis, mapped onto the plot
//! rectangle, and the axes, grid and tick labels drawn around it.
//!
//! plotters' chart builder does this for any coordinate type, and instantiates its axis, mesh
//! and series code for every figure; that was the largest part of the charts in the wasm. The
//! figures need two scales and one kind of axis, so this small plane does the mapping (as a
//! plotters `CoordTranslate`, so plotters' own elements still draw on it) and the axes.

use super::{DrawResult, Style};
use plotters::coord::{CoordTranslate, Shift};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::FontTransform;

/// A pixel position on the backend, as plotters counts them.
type BackendCoord = (i32, i32);

/// How values along one axis are placed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scale {
    Linear(f64, f64),
    /// Both ends must be positive; values at or below zero land at the low end.
    Log(f64, f64),
}

impl Scale {
    /// Where `v` falls between the two ends: 0 at the low end, 1 at the high end (not clamped).
    pub fn fraction(self, v: f64) -> f64 {
        let (lo, hi, v) = match self {
            Scale::Linear(lo, hi) => (lo, hi, v),
            Scale::Log(lo, hi) => (
                lo.max(f64::MIN_POSITIVE).ln(),
                hi.max(f64::MIN_POSITIVE).ln(),
                v.max(f64::MIN_POSITIVE).ln(),
            ),
        };
        let f = if hi != lo { (v - lo) / (hi - lo) } else { 0.5 };
        if f.is_nan() {
            0.0
        } else {
            // Far off-plot points stay far off without overflowing a pixel coordinate.
            f.clamp(-100.0, 100.0)
        }
    }

    /// The value at `fraction` of the way from the low end to the high end: the inverse of
    /// [`Scale::fraction`].
    pub fn at_fraction(self, fraction: f64) -> f64 {
        let f = if fraction.is_finite() { fraction } else { 0.0 };
        match self {
            Scale::Linear(lo, hi) => lo + f * (hi - lo),
            Scale::Log(lo, hi) => {
                let (lo, hi) = (lo.max(f64::MIN_POSITIVE), hi.max(f64::MIN_POSITIVE));
                (lo.ln() + f * (hi.ln() - lo.ln())).exp()
            }
        }
    }

    /// About `wanted` tick values inside the range: steps of 1, 2 or 5 times a power of ten on
    /// a linear scale, powers of ten on a log scale (with 2 and 5 between them when the range
    /// spans less than two decades).
    pub fn ticks(self, wanted: usize) -> Vec<f64> {
        match self {
            Scale::Linear(lo, hi) => linear_ticks(lo, hi, wanted.max(1)),
            Scale::Log(lo, hi) => log_ticks(lo, hi, wanted.max(1)),
        }
    }
}

fn linear_ticks(lo: f64, hi: f64, wanted: usize) -> Vec<f64> {
    let span = hi - lo;
    if !(span.is_finite() && span > 0.0) {
        return Vec::new();
    }
    let raw = span / wanted as f64;
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * magnitude)
        .find(|s| *s >= raw * 0.999)
        .unwrap_or(10.0 * magnitude);
    let first = (lo / step).ceil() as i64;
    let last = (hi / step).floor() as i64;
    (first..=last).take(100).map(|i| i as f64 * step).collect()
}

fn log_ticks(lo: f64, hi: f64, wanted: usize) -> Vec<f64> {
    if !(lo > 0.0 && hi > lo && hi.is_finite()) {
        return Vec::new();
    }
    let (first, last) = (lo.log10().ceil() as i32, hi.log10().floor() as i32);
    let decades: Vec<f64> = (first..=last).take(400).map(|k| 10f64.powi(k)).collect();
    if decades.len() >= 2 {
        // Every decade, or every other one when there are far more than asked for.
        let every = decades.len().div_ceil(wanted * 2).max(1);
        return decades.into_iter().step_by(every).collect();
    }
    let mut ticks: Vec<f64> = (first - 1..=last)
        .flat_map(|k| [1.0, 2.0, 5.0].map(|m| m * 10f64.powi(k)))
        .filter(|v| *v >= lo * 0.999_999 && *v <= hi * 1.000_001)
        .collect();
    ticks.dedup();
    ticks
}

/// Space around the plot rectangle, in backend pixels.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub margin: u32,
    pub margin_right: u32,
    /// Below the plot: tick labels and the x-axis description.
    pub x_label_area: u32,
    /// Left of the plot: tick labels and the rotated y-axis description.
    pub y_label_area: u32,
}

impl Layout {
    /// The figures' layout: the same margins and label band below the plot everywhere, and a
    /// band on the left wide enough for `y_label_css_px` of tick labels and description.
    pub fn figure(style: &Style, y_label_css_px: f64) -> Layout {
        Layout {
            margin: style.px(8.0),
            margin_right: style.px(16.0),
            x_label_area: style.px(40.0),
            y_label_area: style.px(y_label_css_px),
        }
    }
}

/// Where `x` falls between `lo` and `hi` on a log axis, from 0 to 1: for placing labels.
pub fn log_fraction(x: f64, lo: f64, hi: f64) -> f64 {
    ((x / lo).ln() / (hi / lo).ln()).clamp(0.0, 1.0)
}

/// Data coordinates on a drawing area: plotters elements built from `(x, y)` values draw at
/// the right pixels through [`DrawingArea::apply_coord_spec`].
#[derive(Clone, Copy, Debug)]
pub struct Plane {
    pub x: Scale,
    pub y: Scale,
    /// The plot rectangle in the area's own pixels: left, top, right, bottom.
    rect: (i32, i32, i32, i32),
    /// Where the area sits on the backend, since translations are absolute.
    origin: BackendCoord,
}

impl CoordTranslate for Plane {
    type From = (f64, f64);

    fn translate(&self, &(x, y): &(f64, f64)) -> BackendCoord {
        let local = self.local((x, y));
        (local.0 + self.origin.0, local.1 + self.origin.1)
    }
}

impl Plane {
    /// The plane for `area` with the given scales, laid out inside `layout`'s margins.
    pub fn on<DB: DrawingBackend>(
        area: &DrawingArea<DB, Shift>,
        x: Scale,
        y: Scale,
        layout: Layout,
    ) -> DrawingArea<DB, Plane> {
        area.apply_coord_spec(Plane::within(area.dim_in_pixel(), x, y, layout).at(area))
    }

    /// The plane of a plot area `(width, height)` pixels large, laid out inside `layout`'s
    /// margins, as if the area were the backend's top left: where a figure will draw, worked
    /// out without drawing.
    pub fn within((w, h): (u32, u32), x: Scale, y: Scale, layout: Layout) -> Plane {
        let (w, h) = (w as i32, h as i32);
        let (m, mr, xa, ya) = (
            layout.margin as i32,
            layout.margin_right as i32,
            layout.x_label_area as i32,
            layout.y_label_area as i32,
        );
        let left = (m + ya).min(w - 1);
        let right = (w - mr).max(left + 1);
        let top = m.min(h - 1);
        let bottom = (h - m - xa).max(top + 1);
        Plane { x, y, rect: (left, top, right, bottom), origin: (0, 0) }
    }

    /// The same plane on `area`, wherever the area sits on the backend.
    pub fn at<DB: DrawingBackend>(self, area: &DrawingArea<DB, Shift>) -> Plane {
        Plane { origin: area.get_base_pixel(), ..self }
    }

    /// The same plane moved down by `px` backend pixels (below a legend strip).
    pub fn below(self, px: u32) -> Plane {
        Plane { origin: (self.origin.0, self.origin.1 + px as i32), ..self }
    }

    /// The x axis in CSS pixels from the canvas's top left corner, for a backend of `px_per_css`
    /// pixels per CSS pixel: what a pointer over the figure is read against.
    pub fn x_axis_css(&self, px_per_css: f64) -> AxisPx {
        let (left, top, right, bottom) = self.rect;
        let css = |v: i32, o: i32| f64::from(v + o) / px_per_css;
        AxisPx {
            scale: self.x,
            left: css(left, self.origin.0),
            right: css(right, self.origin.0),
            top: css(top, self.origin.1),
            bottom: css(bottom, self.origin.1),
        }
    }

    /// A value's position in the area's own pixels, unrounded: for placing labels.
    pub fn px(&self, (x, y): (f64, f64)) -> (f64, f64) {
        let (left, top, right, bottom) = self.rect;
        (
            f64::from(left) + self.x.fraction(x) * f64::from(right - left),
            f64::from(bottom) - self.y.fraction(y) * f64::from(bottom - top),
        )
    }

    /// A line of values in the area's own pixels, unrounded: what labels keep clear of.
    pub fn px_line(&self, points: &[(f64, f64)]) -> Vec<(f64, f64)> {
        points.iter().map(|&p| self.px(p)).collect()
    }

    /// The plot rectangle in the area's own pixels.
    pub fn plot_box(&self) -> super::label::BoxPx {
        let (left, top, right, bottom) = self.rect;
        super::label::BoxPx {
            left: f64::from(left),
            top: f64::from(top),
            right: f64::from(right),
            bottom: f64::from(bottom),
        }
    }

    /// A value's position in the area's own pixels.
    fn local(&self, (x, y): (f64, f64)) -> BackendCoord {
        let (left, top, right, bottom) = self.rect;
        let px = f64::from(left) + self.x.fraction(x) * f64::from(right - left);
        let py = f64::from(bottom) - self.y.fraction(y) * f64::from(bottom - top);
        (px.round() as i32, py.round() as i32)
    }
}

/// A figure's horizontal axis as the page lays it out, in CSS pixels from the canvas's top left
/// corner: the plot's edges, and the scale between its left and right.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AxisPx {
    pub scale: Scale,
    pub left: f64,
    pub right: f64,
    pub top: f64,
    pub bottom: f64,
}

impl AxisPx {
    /// Where `value` is drawn across.
    pub fn x_of(&self, value: f64) -> f64 {
        self.left + self.scale.fraction(value) * (self.right - self.left)
    }

    /// The value drawn at `x`, held to the axis's ends.
    pub fn value_at(&self, x: f64) -> f64 {
        let width = self.right - self.left;
        let fraction = if width > 0.0 { (x - self.left) / width } else { 0.0 };
        self.scale.at_fraction(if fraction.is_nan() { 0.0 } else { fraction.clamp(0.0, 1.0) })
    }
}

/// What the axes say and where the grid goes.
pub struct Axes<'a> {
    pub x_desc: &'a str,
    pub y_desc: &'a str,
    pub x_ticks: usize,
    pub y_ticks: usize,
    pub x_label: &'a dyn Fn(f64) -> String,
    pub y_label: &'a dyn Fn(f64) -> String,
    /// Vertical grid lines at the x ticks.
    pub x_grid: bool,
    /// Horizontal grid lines at the y ticks.
    pub y_grid: bool,
}

/// The size of the tick labels and axis descriptions on the page, before any zoom.
pub const AXIS_LABEL_CSS_PX: f64 = 12.0;

/// Draws the grid, the two axis lines, tick marks, tick labels and axis descriptions.
pub fn draw_axes<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    axes: &Axes,
    style: &Style,
) -> DrawResult<DB> {
    let plane = *chart.as_coord_spec();
    // Pixel-level drawing on the same area, without the data mapping.
    let area = chart.strip_coord_spec();
    let p = &style.palette;
    let (left, top, right, bottom) = plane.rect;
    let (tick, gap) = (style.px(4.0) as i32, style.px(4.0) as i32);
    let grid = style.line(p.grid, 1.0);
    let axis = style.line(p.axis, 1.0);
    let label = style.font(AXIS_LABEL_CSS_PX);

    let x_ticks: Vec<(i32, f64)> = plane
        .x
        .ticks(axes.x_ticks)
        .into_iter()
        .map(|v| (plane.local((v, 0.0)).0, v))
        .filter(|(px, _)| (left..=right).contains(px))
        .collect();
    let y_ticks: Vec<(i32, f64)> = plane
        .y
        .ticks(axes.y_ticks)
        .into_iter()
        .map(|v| (plane.local((0.0, v)).1, v))
        .filter(|(py, _)| (top..=bottom).contains(py))
        .collect();

    if axes.x_grid {
        for &(x, _) in &x_ticks {
            area.draw(&PathElement::new(vec![(x, top), (x, bottom)], grid))?;
        }
    }
    if axes.y_grid {
        for &(y, _) in &y_ticks {
            area.draw(&PathElement::new(vec![(left, y), (right, y)], grid))?;
        }
    }
    area.draw(&PathElement::new(vec![(left, top), (left, bottom), (right, bottom)], axis))?;

    for &(x, v) in &x_ticks {
        area.draw(&PathElement::new(vec![(x, bottom), (x, bottom + tick)], axis))?;
        area.draw(&Text::new(
            (axes.x_label)(v),
            (x, bottom + tick + gap),
            label.pos(Pos::new(HPos::Center, VPos::Top)),
        ))?;
    }
    for &(y, v) in &y_ticks {
        area.draw(&PathElement::new(vec![(left - tick, y), (left, y)], axis))?;
        area.draw(&Text::new(
            (axes.y_label)(v),
            (left - tick - gap, y),
            label.pos(Pos::new(HPos::Right, VPos::Center)),
        ))?;
    }

    let (_, h) = area.dim_in_pixel();
    let desc = style.font(AXIS_LABEL_CSS_PX);
    area.draw(&Text::new(
        axes.x_desc.to_string(),
        ((left + right) / 2, h as i32 - style.px(8.0) as i32),
        desc.pos(Pos::new(HPos::Center, VPos::Bottom)),
    ))?;
    area.draw(&Text::new(
        axes.y_desc.to_string(),
        (style.px(8.0) as i32, (top + bottom) / 2),
        desc.transform(FontTransform::Rotate270).pos(Pos::new(HPos::Center, VPos::Top)),
    ))?;
    Ok(())
}

/// Draws each element of `series` on the plane.
pub fn draw_all<DB, E, I>(chart: &DrawingArea<DB, Plane>, series: I) -> DrawResult<DB>
where
    DB: DrawingBackend,
    I: IntoIterator<Item = E>,
    for<'b> &'b E: plotters::element::PointCollection<'b, (f64, f64)>,
    E: plotters::element::Drawable<DB>,
{
    for element in series {
        chart.draw(&element)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linear_ticks_are_round() {
        assert_eq!(Scale::Linear(0.0, 9.5).ticks(5), vec![0.0, 2.0, 4.0, 6.0, 8.0]);
        assert_eq!(Scale::Linear(0.0, 336.0).ticks(5), vec![0.0, 100.0, 200.0, 300.0]);
        assert!(Scale::Linear(1.0, 1.0).ticks(5).is_empty());
    }

    #[test]
    fn log_ticks_are_decades() {
        assert_eq!(Scale::Log(10.0, 1e6).ticks(6), vec![10.0, 100.0, 1e3, 1e4, 1e5, 1e6]);
        assert_eq!(Scale::Log(3.0, 40.0).ticks(6), vec![5.0, 10.0, 20.0]);
        assert!(Scale::Log(0.0, 10.0).ticks(6).is_empty());
    }

    #[test]
    fn ends_map_to_the_rectangle() {
        assert!((Scale::Log(10.0, 1000.0).fraction(100.0) - 0.5).abs() < 1e-12);
        assert_eq!(Scale::Linear(0.0, 4.0).fraction(1.0), 0.25);
        // Zero on a log axis is far below the plot, but a finite pixel.
        assert_eq!(Scale::Log(1.0, 10.0).fraction(0.0), -100.0);
        assert_eq!(Scale::Linear(0.0, 1.0).fraction(f64::NAN), 0.0);
    }
}
