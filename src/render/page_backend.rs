//! One drawing backend type for the page, so every figure's drawing code is compiled once.
//!
//! The figures are generic over plotters' `DrawingBackend`. The page draws them on a canvas and
//! exports them as SVG; with two backend types every chart (and the plotters code under it)
//! would be compiled twice into the wasm. [`PageBackend`] is either of the two and
//! forwards each call, so the charts are instantiated for it alone. Styles and paths are turned
//! into concrete values before forwarding, so each real backend's methods are compiled once too.

use super::canvas::CanvasPainter;
use plotters::prelude::{DrawingBackend, SVGBackend};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind,
};

/// The canvas on screen, or an SVG document being written for export.
pub enum PageBackend<'a> {
    Canvas(CanvasPainter),
    Svg(SVGBackend<'a>),
}

/// A backend failure, as text (the page only ever logs it).
#[derive(Debug)]
pub struct BackendError(String);

impl std::fmt::Display for BackendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BackendError {}

type Result<T = ()> = std::result::Result<T, DrawingErrorKind<BackendError>>;

fn cast<E: std::error::Error + Send + Sync>(
    e: DrawingErrorKind<E>,
) -> DrawingErrorKind<BackendError> {
    match e {
        DrawingErrorKind::DrawingError(e) => {
            DrawingErrorKind::DrawingError(BackendError(e.to_string()))
        }
        DrawingErrorKind::FontError(e) => DrawingErrorKind::FontError(e),
    }
}

/// A stroke or fill as plain values: one style type reaches the real backends.
#[derive(Clone, Copy)]
struct Paint {
    color: BackendColor,
    width: u32,
}

impl Paint {
    fn of<S: BackendStyle>(style: &S) -> Paint {
        Paint { color: style.color(), width: style.stroke_width() }
    }
}

impl BackendStyle for Paint {
    fn color(&self) -> BackendColor {
        self.color
    }

    fn stroke_width(&self) -> u32 {
        self.width
    }
}

/// A text style as plotters' SVG backend must be given it to draw at the canvas's size: that
/// backend writes a font size of the style's size over 1.24, where the canvas sets the size
/// itself, so a figure's words would come out a fifth smaller in an SVG than on screen.
struct SvgText<'s, S>(&'s S);

/// What plotters' SVG backend divides a text style's size by.
const SVG_FONT_SHRINK: f64 = 1.24;

impl<S: BackendTextStyle> BackendTextStyle for SvgText<'_, S> {
    type FontError = S::FontError;

    fn color(&self) -> BackendColor {
        self.0.color()
    }

    fn size(&self) -> f64 {
        self.0.size() * SVG_FONT_SHRINK
    }

    fn transform(&self) -> plotters_backend::FontTransform {
        self.0.transform()
    }

    fn style(&self) -> plotters_backend::FontStyle {
        self.0.style()
    }

    fn anchor(&self) -> plotters_backend::text_anchor::Pos {
        self.0.anchor()
    }

    fn family(&self) -> plotters_backend::FontFamily<'_> {
        self.0.family()
    }

    fn layout_box(
        &self,
        text: &str,
    ) -> std::result::Result<((i32, i32), (i32, i32)), S::FontError> {
        self.0.layout_box(text)
    }

    fn draw<E, F: FnMut(i32, i32, BackendColor) -> std::result::Result<(), E>>(
        &self,
        text: &str,
        pos: BackendCoord,
        draw: F,
    ) -> std::result::Result<std::result::Result<(), E>, S::FontError> {
        self.0.draw(text, pos, draw)
    }
}

/// Calls `$call` on whichever backend this is, converting its error.
macro_rules! forward {
    ($self:ident, $b:ident => $call:expr) => {
        match $self {
            PageBackend::Canvas($b) => $call.map_err(cast),
            PageBackend::Svg($b) => $call.map_err(cast),
        }
    };
}

impl DrawingBackend for PageBackend<'_> {
    type ErrorType = BackendError;

    fn get_size(&self) -> (u32, u32) {
        match self {
            PageBackend::Canvas(b) => b.get_size(),
            PageBackend::Svg(b) => b.get_size(),
        }
    }

    fn ensure_prepared(&mut self) -> Result {
        forward!(self, b => b.ensure_prepared())
    }

    fn present(&mut self) -> Result {
        forward!(self, b => b.present())
    }

    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Result {
        forward!(self, b => b.draw_pixel(point, color))
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result {
        let paint = Paint::of(style);
        forward!(self, b => b.draw_line(from, to, &paint))
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result {
        let paint = Paint::of(style);
        forward!(self, b => b.draw_rect(upper_left, bottom_right, &paint, fill))
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result {
        let (path, paint) = (path.into_iter().collect::<Vec<_>>(), Paint::of(style));
        forward!(self, b => b.draw_path(path.iter().copied(), &paint))
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result {
        let paint = Paint::of(style);
        forward!(self, b => b.draw_circle(center, radius, &paint, fill))
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result {
        let (vert, paint) = (vert.into_iter().collect::<Vec<_>>(), Paint::of(style));
        forward!(self, b => b.fill_polygon(vert.iter().copied(), &paint))
    }

    fn draw_text<TStyle: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &TStyle,
        pos: BackendCoord,
    ) -> Result {
        match self {
            PageBackend::Canvas(b) => b.draw_text(text, style, pos).map_err(cast),
            PageBackend::Svg(b) => b.draw_text(text, &SvgText(style), pos).map_err(cast),
        }
    }

    fn estimate_text_size<TStyle: BackendTextStyle>(
        &self,
        text: &str,
        style: &TStyle,
    ) -> Result<(u32, u32)> {
        match self {
            PageBackend::Canvas(b) => b.estimate_text_size(text, style).map_err(cast),
            PageBackend::Svg(b) => b.estimate_text_size(text, style).map_err(cast),
        }
    }

    fn blit_bitmap(&mut self, pos: BackendCoord, (iw, ih): (u32, u32), src: &[u8]) -> Result {
        forward!(self, b => b.blit_bitmap(pos, (iw, ih), src))
    }
}
