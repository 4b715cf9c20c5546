//! One drawing function per figure, generic over plotters' `DrawingBackend`: the page draws on
//! a canvas, native tests and export draw the very same code into SVG.

pub mod bend;
pub mod clocks;
pub mod completion;
pub mod crossing;
pub mod label;
pub mod legend;
pub mod lengths;
pub mod measured;
pub mod observed;
pub mod palette;
pub mod plane;
pub mod roofline;
pub mod streaming;
pub mod table;
pub mod timeline;

pub use bend::BendInputs;
pub use clocks::ClocksInputs;
pub use completion::CompletionInputs;
pub use crossing::CrossingInputs;
pub use lengths::LengthsInputs;
pub use palette::Palette;
pub use roofline::RooflineInputs;
pub use streaming::StreamingInputs;
pub use table::DataTable;
pub use timeline::TimelineInputs;

pub use crate::state::Figure;

use crate::state::State;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

impl Figure {
    /// Exactly the numbers the figure is drawn from. The page keeps one memo of these per
    /// canvas, so moving a control redraws only the figures it actually changes.
    pub fn inputs(self, state: &State) -> FigureInputs {
        match self {
            Figure::Timeline => FigureInputs::Timeline(TimelineInputs::of(state)),
            Figure::Crossing => FigureInputs::Crossing(CrossingInputs::of(state)),
            Figure::Completion => FigureInputs::Completion(CompletionInputs::of(state)),
            Figure::Lengths => FigureInputs::Lengths(LengthsInputs::of(state)),
            Figure::Roofline => FigureInputs::Roofline(RooflineInputs::of(state)),
            Figure::Streaming => FigureInputs::Streaming(StreamingInputs::of(state)),
            Figure::Bend => FigureInputs::Bend(BendInputs::of(state)),
            Figure::Clocks => FigureInputs::Clocks(ClocksInputs::of(state)),
        }
    }

    /// The value a reader can drag on this figure, if any: the prompt on Figure 2, the race's
    /// answer on Figure 5.
    pub fn dragged(self) -> Option<crate::state::Param> {
        match self {
            Figure::Crossing => Some(crate::state::Param::Prompt),
            Figure::Completion => Some(crate::state::Param::RaceAnswer),
            _ => None,
        }
    }

    /// The figure as a standalone SVG document.
    pub fn to_svg(
        self,
        state: &State,
        style: &Style,
        width: u32,
        height: u32,
    ) -> Result<String, String> {
        let inputs = self.inputs(state);
        to_svg(width, height, |area| inputs.draw(area, style))
    }
}

/// The one shape of every figure: the numbers it is drawn from, built from its input (the page
/// state for the lesson's figures, a fitted run for a loaded run's, in [`measured`]); drawing
/// them over any plotters backend; what they show, in words, for the canvas's accessible name;
/// and the same numbers as a table, for the page and CSV export. Inputs are plain values
/// compared on every change, so a figure is redrawn only when they differ.
///
/// Each figure's `draw` stays a function of its own (`#[inline(never)]` here, and a `--no-inline`
/// pattern for wasm-opt in index.html): a browser compiles each function of the wasm on its
/// first call, and with every drawing inlined into [`FigureInputs::draw`], the first figure
/// on a phone's screen waited for the others to compile.
pub trait Chart: Clone + PartialEq {
    /// What the figure is built from.
    type Input;
    fn of(input: &Self::Input) -> Self;
    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
    ) -> DrawResult<DB>;
    fn summary(&self) -> String;
    fn table(&self) -> DataTable;

    /// The figure as a standalone SVG document, `width` × `height` pixels.
    fn to_svg(&self, style: &Style, width: u32, height: u32) -> Result<String, String> {
        to_svg(width, height, |area| self.draw(area, style))
    }
}

/// What a canvas draws: a figure's inputs, drawn over any plotters backend in a style. The page's
/// figures are drawn from [`FigureInputs`]; the workbench's Figure 5b from the runs it compares
/// (`observed::ObservedInputs`), which the lesson's code never holds.
pub trait Picture: Clone + PartialEq + Send + Sync + 'static {
    fn picture<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
    ) -> DrawResult<DB>;
}

impl Picture for FigureInputs {
    fn picture<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
    ) -> DrawResult<DB> {
        self.draw(area, style)
    }
}

impl Picture for observed::ObservedInputs {
    fn picture<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
    ) -> DrawResult<DB> {
        Chart::draw(self, area, style)
    }
}

/// What one figure is drawn from; see [`Figure::inputs`].
#[derive(Clone, Debug, PartialEq)]
pub enum FigureInputs {
    Timeline(TimelineInputs),
    Crossing(CrossingInputs),
    Completion(CompletionInputs),
    Lengths(LengthsInputs),
    Roofline(RooflineInputs),
    Streaming(StreamingInputs),
    Bend(BendInputs),
    Clocks(ClocksInputs),
}

impl FigureInputs {
    pub fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
    ) -> DrawResult<DB> {
        match self {
            FigureInputs::Timeline(t) => t.draw(area, style),
            FigureInputs::Crossing(c) => c.draw(area, style),
            FigureInputs::Completion(c) => c.draw(area, style),
            FigureInputs::Lengths(l) => l.draw(area, style),
            FigureInputs::Roofline(r) => r.draw(area, style),
            FigureInputs::Streaming(s) => s.draw(area, style),
            FigureInputs::Bend(b) => b.draw(area, style),
            FigureInputs::Clocks(c) => c.draw(area, style),
        }
    }

    pub fn figure(&self) -> Figure {
        match self {
            FigureInputs::Timeline(_) => Figure::Timeline,
            FigureInputs::Crossing(_) => Figure::Crossing,
            FigureInputs::Completion(_) => Figure::Completion,
            FigureInputs::Lengths(_) => Figure::Lengths,
            FigureInputs::Roofline(_) => Figure::Roofline,
            FigureInputs::Streaming(_) => Figure::Streaming,
            FigureInputs::Bend(_) => Figure::Bend,
            FigureInputs::Clocks(_) => Figure::Clocks,
        }
    }

    /// The same figure with the moment of a request being played marked on it.
    pub fn at_moment(self, secs: Option<f64>) -> FigureInputs {
        match self {
            FigureInputs::Timeline(t) => {
                FigureInputs::Timeline(TimelineInputs { cursor_secs: secs, ..t })
            }
            FigureInputs::Completion(c) => {
                FigureInputs::Completion(CompletionInputs { cursor_secs: secs, ..c })
            }
            other => other,
        }
    }

    /// What a reader can drag on this figure drawn `size` backend pixels large in `style`, with
    /// `px_per_css` backend pixels to a CSS pixel: the reader's prompt on Figure 2, the race's
    /// answer on Figure 5.
    pub fn handle(&self, size: (u32, u32), style: &Style, px_per_css: f64) -> Option<Handle> {
        let (value, plane) = match self {
            FigureInputs::Crossing(c) => (c.request.prompt_tokens, c.plane(size, style)),
            FigureInputs::Completion(c) => (c.answer_tokens, c.plane(size, style)),
            _ => return None,
        };
        let param = self.figure().dragged()?;
        Some(Handle { param, value, axis: plane.x_axis_css(px_per_css) })
    }

    /// What the figure shows now, in words: the canvas's accessible name.
    pub fn summary(&self) -> String {
        match self {
            FigureInputs::Timeline(t) => t.summary(),
            FigureInputs::Crossing(c) => c.summary(),
            FigureInputs::Completion(c) => c.summary(),
            FigureInputs::Lengths(l) => l.summary(),
            FigureInputs::Roofline(r) => r.summary(),
            FigureInputs::Streaming(s) => s.summary(),
            FigureInputs::Bend(b) => b.summary(),
            FigureInputs::Clocks(c) => c.summary(),
        }
    }

    /// The numbers behind the figure, for the HTML table and CSV export.
    pub fn table(&self) -> DataTable {
        match self {
            FigureInputs::Timeline(t) => t.table(),
            FigureInputs::Crossing(c) => c.table(),
            FigureInputs::Completion(c) => c.table(),
            FigureInputs::Lengths(l) => l.table(),
            FigureInputs::Roofline(r) => r.table(),
            FigureInputs::Streaming(s) => s.table(),
            FigureInputs::Bend(b) => b.table(),
            FigureInputs::Clocks(c) => c.table(),
        }
    }
}

/// How to draw, apart from what: device pixels per CSS pixel (so a canvas backing store sized
/// for the screen's devicePixelRatio gets proportionally thicker lines and larger text) and the
/// colours.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    pub scale: f64,
    pub palette: Palette,
}

impl Default for Style {
    fn default() -> Self {
        Style { scale: 1.0, palette: Palette::LIGHT }
    }
}

impl Style {
    /// A length in CSS pixels, in the backend's pixels.
    pub fn px(&self, css_px: f64) -> u32 {
        (css_px * self.scale).round().max(1.0) as u32
    }

    /// The family is given as `FontFamily`, not the string "sans-serif": plotters lowercases a
    /// family string to parse it, which brings Unicode's case tables (about 17 KB) into the wasm.
    pub fn font(&self, css_px: f64) -> TextStyle<'static> {
        (FontFamily::SansSerif, css_px * self.scale).into_font().color(&self.palette.text)
    }

    pub fn font_colored(&self, css_px: f64, color: RGBColor) -> TextStyle<'static> {
        (FontFamily::SansSerif, css_px * self.scale).into_font().color(&color)
    }

    pub fn line(&self, color: RGBColor, css_width: f64) -> ShapeStyle {
        color.stroke_width(self.px(css_width))
    }

    /// Text anchored at its left middle, for labels beside marks.
    pub fn label(&self, css_px: f64, color: RGBColor, h: HPos) -> TextStyle<'static> {
        self.font_colored(css_px, color).pos(Pos::new(h, VPos::Center))
    }
}

/// How much larger than on the page a figure draws its text, lines and margins when it fills
/// a projector's screen: in proportion to its size against a figure of 500 × 300 CSS pixels
/// (drawn as on the page), never smaller than on the page and at most three times as large.
pub fn presentation_zoom(width_css: f64, height_css: f64) -> f64 {
    const PAGE_WIDTH_CSS: f64 = 500.0;
    const PAGE_HEIGHT_CSS: f64 = 300.0;
    let zoom = (width_css / PAGE_WIDTH_CSS).min(height_css / PAGE_HEIGHT_CSS);
    if width_css.is_nan() || height_css.is_nan() {
        1.0
    } else {
        zoom.clamp(1.0, 3.0)
    }
}

/// The first step of every figure: the page's background, the legend in a strip along the top,
/// and the plot plane under it on `scales` (x, then y). The axes are left to the figure, which
/// may tint regions behind them first.
pub fn backdrop<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    legend: &[legend::LegendItem],
    scales: (plane::Scale, plane::Scale),
    layout: plane::Layout,
    style: &Style,
) -> Result<DrawingArea<DB, plane::Plane>, DrawingAreaErrorKind<DB::ErrorType>> {
    let plane = plane_of(area.dim_in_pixel(), legend, scales, layout, style);
    backdrop_on(area, legend, plane, style)
}

/// [`backdrop`] on a plane the figure has already worked out with [`plane_of`].
pub fn backdrop_on<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    legend: &[legend::LegendItem],
    plane: plane::Plane,
    style: &Style,
) -> Result<DrawingArea<DB, plane::Plane>, DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&style.palette.background)?;
    let plot = legend::draw_above(area, legend, style)?;
    Ok(plot.apply_coord_spec(plane.at(&plot)))
}

/// Where a figure `size` backend pixels large puts its plot under `legend`, without drawing it:
/// the plane [`backdrop`] draws on.
pub fn plane_of(
    (width, height): (u32, u32),
    legend: &[legend::LegendItem],
    (x, y): (plane::Scale, plane::Scale),
    layout: plane::Layout,
    style: &Style,
) -> plane::Plane {
    let strip = legend::height(legend, width, style).min(height);
    plane::Plane::within((width, height - strip), x, y, layout).below(strip)
}

/// The value a reader can drag across a figure, and the axis it is read against.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Handle {
    pub param: crate::state::Param,
    pub value: f64,
    pub axis: plane::AxisPx,
}

/// Draws `text` anchored at a pixel spot of the plane's area (see [`label::choose`]).
pub fn draw_label_at<DB: DrawingBackend>(
    chart: &DrawingArea<DB, plane::Plane>,
    text: &str,
    spot: label::Spot,
    font: TextStyle<'static>,
) -> DrawResult<DB> {
    chart.strip_coord_spec().draw(&Text::new(
        text.to_string(),
        (spot.x.round() as i32, spot.y.round() as i32),
        font.pos(spot.pos()),
    ))
}

/// Draws the first of `texts` (the full label, then shorter forms) that has a clear spot among
/// `spots` (see [`label::place`]), at `css_px` in `color`; its box joins `lines`.
pub fn draw_placed<DB: DrawingBackend>(
    chart: &DrawingArea<DB, plane::Plane>,
    texts: &[&str],
    spots: &[label::Spot],
    (css_px, color): (f64, RGBColor),
    style: &Style,
    lines: &mut Vec<Vec<(f64, f64)>>,
) -> DrawResult<DB> {
    let inside = chart.as_coord_spec().plot_box();
    if let Some((spot, i)) = label::place(texts, spots, css_px * style.scale, lines, inside) {
        if let Some(text) = texts.get(i) {
            draw_label_at(chart, text, spot, style.font_colored(css_px, color))?;
        }
    }
    Ok(())
}

/// Draws the first of `texts` (the full label, then shorter forms) that has a clear spot among
/// `spots` inside `inside`, and nothing when none has: for labels a crowded figure can do
/// without. Its box joins `lines`.
pub fn draw_if_clear<DB: DrawingBackend>(
    chart: &DrawingArea<DB, plane::Plane>,
    texts: &[&str],
    spots: &[label::Spot],
    inside: label::BoxPx,
    (css_px, color): (f64, RGBColor),
    style: &Style,
    lines: &mut Vec<Vec<(f64, f64)>>,
) -> DrawResult<DB> {
    let font_px = css_px * style.scale;
    let placed = texts.iter().find_map(|text| {
        label::clear_spot(spots, text, font_px, lines, inside).map(|spot| (spot, *text))
    });
    if let Some((spot, text)) = placed {
        lines.extend(label::box_lines(label::label_box(spot, text, font_px)));
        draw_label_at(chart, text, spot, style.font_colored(css_px, color))?;
    }
    Ok(())
}

/// Names a tinted region of a figure, `left_px` to `right_px`, along its top: the first of
/// `texts` that fits inside the region clear of `lines`, just inside its left edge or its
/// right, on the top row or a row or two lower. A region with no room for any goes unnamed
/// (its tint still shows it) rather than under another label.
pub fn draw_region_name<DB: DrawingBackend>(
    chart: &DrawingArea<DB, plane::Plane>,
    (left_px, right_px): (f64, f64),
    texts: &[&str],
    (css_px, color): (f64, RGBColor),
    style: &Style,
    lines: &mut Vec<Vec<(f64, f64)>>,
) -> DrawResult<DB> {
    let bounds = chart.as_coord_spec().plot_box();
    let region = label::BoxPx { left: left_px, right: right_px, ..bounds };
    let (font_px, gap) = (css_px * style.scale, 6.0 * style.scale);
    let spots: Vec<label::Spot> = [0.0, 1.4, 2.8]
        .map(|rows: f64| bounds.top + gap + font_px * rows)
        .into_iter()
        .flat_map(|y| {
            [
                label::Spot::new(left_px + gap, y, label::Edge::Start, label::Edge::Start),
                label::Spot::new(right_px - gap, y, label::Edge::End, label::Edge::Start),
            ]
        })
        .collect();
    draw_if_clear(chart, texts, &spots, region, (css_px, color), style, lines)
}

/// The error type every figure returns: whatever the backend fails with.
pub type DrawResult<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// Renders a figure to an SVG string: used by the native tests and by export.
pub fn to_svg(
    width: u32,
    height: u32,
    draw: impl for<'a> FnOnce(&DrawingArea<SVGBackend<'a>, Shift>) -> DrawResult<SVGBackend<'a>>,
) -> Result<String, String> {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (width, height)).into_drawing_area();
        draw(&root).map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(out)
}

/// Points along a dashed straight segment, since plotters 0.3 draws only solid lines.
pub fn dashes(from: (f64, f64), to: (f64, f64), pieces: usize) -> Vec<Vec<(f64, f64)>> {
    let pieces = pieces.max(1);
    (0..pieces)
        .map(|i| {
            let a = i as f64 / pieces as f64;
            let b = (i as f64 + 0.55) / pieces as f64;
            let lerp = |t: f64| (from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t);
            vec![lerp(a), lerp(b)]
        })
        .collect()
}

/// [`dashes`] for log–log axes: the pieces are spaced evenly in the logarithm of each
/// coordinate, so on screen they come out the same length (spaced in the value, a rule across
/// decades would bunch all its dashes into the last one). A coordinate that is not positive is
/// interpolated in the value instead.
pub fn log_dashes(from: (f64, f64), to: (f64, f64), pieces: usize) -> Vec<Vec<(f64, f64)>> {
    let (log_x, log_y) = (from.0 > 0.0 && to.0 > 0.0, from.1 > 0.0 && to.1 > 0.0);
    let into = |v: f64, log: bool| if log { v.ln() } else { v };
    let back = |v: f64, log: bool| if log { v.exp() } else { v };
    let (a, b) =
        ((into(from.0, log_x), into(from.1, log_y)), (into(to.0, log_x), into(to.1, log_y)));
    dashes(a, b, pieces)
        .into_iter()
        .map(|dash| dash.into_iter().map(|(x, y)| (back(x, log_x), back(y, log_y))).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{ModelView, Param, State};
    use plotters::coord::CoordTranslate;

    #[test]
    fn a_projected_figure_draws_its_axis_labels_at_least_16_css_px() {
        // About the figure's share of a 1280 × 720 screen beside a column of controls; even
        // the smallest text of the figures (11 px on the page) reaches 16.
        let zoom = presentation_zoom(780.0, 560.0);
        assert!(zoom * plane::AXIS_LABEL_CSS_PX >= 16.0, "{zoom}");
        assert!(zoom * 11.0 >= 16.0, "{zoom}");
        assert!(presentation_zoom(1500.0, 900.0) > zoom, "larger on a larger screen");
        assert_eq!(presentation_zoom(300.0, 200.0), 1.0, "never smaller than the page");
        assert_eq!(presentation_zoom(f64::NAN, 500.0), 1.0);
        assert_eq!(presentation_zoom(1e9, 1e9), 3.0);
    }

    #[test]
    fn log_dashes_are_even_on_a_log_axis() {
        let pieces = log_dashes((10.0, 1.0), (1e6, 1.0), 5);
        assert_eq!(pieces.len(), 5);
        // Each dash starts one decade after the last (1e5 over five pieces) and keeps y.
        for (i, dash) in pieces.iter().enumerate() {
            let start = dash[0].0.log10();
            assert!((start - (1.0 + i as f64)).abs() < 1e-9, "dash {i} starts at 10^{start}");
            assert!(dash.iter().all(|p| p.1 == 1.0));
        }
        // A zero coordinate falls back to even spacing in the value.
        let flat = log_dashes((0.0, 5.0), (4.0, 5.0), 4);
        assert!((flat[1][0].0 - 1.0).abs() < 1e-12);
    }

    /// A figure the page draws `width_css` wide at `ratio` device pixels per CSS pixel, as the
    /// canvas host sizes it: its backend's size, its style, and backend pixels per CSS pixel.
    fn as_drawn(width_css: f64, ratio: f64, zoom: f64) -> ((u32, u32), Style, f64) {
        let height_css = crate::state::embed_layout::canvas_height_css(width_css);
        let device = |css: f64| (css * ratio).round() as u32 * 8;
        let backend = (device(width_css), device(height_css));
        let style = Style { scale: ratio * 8.0 * zoom, palette: Palette::LIGHT };
        (backend, style, f64::from(backend.0) / width_css)
    }

    #[test]
    fn a_handle_reads_back_the_value_drawn_under_it_within_a_pixel() {
        let mut deep = State::default();
        deep.model = ModelView::Deep;
        let states = [
            State::default(),
            deep,
            State::default().with(Param::RaceAnswer, 50_000.0),
            State::default().with(Param::RaceAnswer, 1.0),
        ];
        for state in states {
            for figure in [Figure::Crossing, Figure::Completion] {
                let inputs = figure.inputs(&state);
                for (width_css, ratio, zoom) in [
                    (320.0, 1.0, 1.0),
                    (390.0, 3.0, 1.0),
                    (700.0, 1.5, 1.0),
                    (1280.0, 2.0, 1.0),
                    (1280.0, 1.0, 2.2),
                ] {
                    let (size, style, px_per_css) = as_drawn(width_css, ratio, zoom);
                    let handle =
                        inputs.handle(size, &style, px_per_css).unwrap_or_else(|| unreachable!());
                    assert_eq!(Some(handle.param), figure.dragged());
                    let plane = match &inputs {
                        FigureInputs::Crossing(c) => c.plane(size, &style),
                        FigureInputs::Completion(c) => c.plane(size, &style),
                        _ => unreachable!(),
                    };
                    let axis = handle.axis;
                    let (lo, hi) = (axis.value_at(f64::NEG_INFINITY), axis.value_at(f64::INFINITY));
                    let spec = handle.param.spec();
                    for i in 0..=40 {
                        let v = lo * (hi / lo).powf(f64::from(i) / 40.0);
                        // Where the figure draws it, in CSS pixels, and what the handle reads there.
                        let drawn = f64::from(plane.translate(&(v, 1.0)).0) / px_per_css;
                        let back = axis.value_at(drawn);
                        let redrawn = f64::from(plane.translate(&(back, 1.0)).0) / px_per_css;
                        let at = format!(
                            "{} {v} at {width_css} px × {ratio}, zoom {zoom}",
                            figure.slug()
                        );
                        assert!(
                            (redrawn - drawn).abs() <= 1.0,
                            "{at}: read back as {back}, {redrawn} px vs {drawn} px"
                        );
                        // The state keeps whole tokens: what it stores is the nearest.
                        assert!((spec.clamp(back) - back).abs() <= 0.5 || back > spec.max, "{at}");
                        assert!(
                            (axis.x_of(v) - drawn).abs() <= 1.0,
                            "{at}: the handle stands off the rule"
                        );
                    }
                    assert_eq!(
                        handle.value,
                        match &inputs {
                            FigureInputs::Crossing(c) => c.request.prompt_tokens,
                            FigureInputs::Completion(c) => c.answer_tokens,
                            _ => unreachable!(),
                        }
                    );
                }
            }
        }
        assert!(Figure::Timeline
            .inputs(&State::default())
            .handle((800, 400), &Style::default(), 1.0)
            .is_none());
    }

    #[test]
    fn the_plane_worked_out_is_the_plane_drawn_on() {
        for (width_css, ratio) in [(320.0, 1.0), (700.0, 2.0), (1280.0, 1.5)] {
            let (size, style, _) = as_drawn(width_css, ratio, 1.0);
            let inputs = CrossingInputs::of(&State::default());
            let plane = inputs.plane(size, &style);
            let mut svg = String::new();
            let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
            let legend = [legend::LegendItem {
                name: "a legend long enough to wrap on a phone, and then some more words",
                color: Palette::LIGHT.text,
                dashed: false,
            }];
            let drawn = backdrop_on(
                &root,
                &legend,
                plane_of(
                    size,
                    &legend,
                    (plane.x, plane.y),
                    plane::Layout::figure(&style, 70.0),
                    &style,
                ),
                &style,
            );
            let drawn = drawn.unwrap_or_else(|_| unreachable!());
            let expected = plane_of(
                size,
                &legend,
                (plane.x, plane.y),
                plane::Layout::figure(&style, 70.0),
                &style,
            );
            for v in [10.0, 1_000.0, 1e6] {
                assert_eq!(
                    drawn.as_coord_spec().translate(&(v, 1.0)),
                    expected.translate(&(v, 1.0))
                );
            }
        }
    }

    #[test]
    fn a_figure_is_redrawn_only_when_what_it_draws_changes() {
        let base = State::default();
        let deployment_moved = base.with(Param::BRate, 45.0);
        let prompt_moved = base.with(Param::Prompt, 20_000.0);
        for figure in [Figure::Timeline, Figure::Crossing] {
            assert_eq!(
                figure.inputs(&base),
                figure.inputs(&deployment_moved),
                "{} ignores deployments",
                figure.slug()
            );
            assert_ne!(
                figure.inputs(&base),
                figure.inputs(&prompt_moved),
                "{} follows the prompt",
                figure.slug()
            );
        }
        assert_eq!(Figure::Completion.inputs(&base), Figure::Completion.inputs(&prompt_moved));
        assert_ne!(Figure::Completion.inputs(&base), Figure::Completion.inputs(&deployment_moved));
        let mut deep = base;
        deep.model = ModelView::Deep;
        assert_ne!(
            Figure::Crossing.inputs(&base),
            Figure::Crossing.inputs(&deep),
            "the deeper curves appear"
        );
        assert_eq!(
            Figure::Crossing.inputs(&base),
            Figure::Crossing.inputs(&base.with(Param::AttentionKnee, 5_000.0)),
            "knees matter only when the deeper model is on"
        );
    }
}
