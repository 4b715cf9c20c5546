//! plotters' `DrawingBackend` on a 2D canvas, built for redrawing on every slider step.
//!
//! Every call from wasm into the canvas crosses into JavaScript, and setting a font or a colour
//! makes the browser parse a CSS string. A straightforward backend sets the style and strokes a
//! fresh path for each line, so a dashed rule of forty dashes cost some 250 calls. This one:
//!
//! - gathers consecutive lines drawn in the same colour and width into one SVG path string and
//!   strokes it with a single `Path2D` when something else is drawn (or the frame ends), so a
//!   dashed rule, an axis with its ticks, or a curve is two calls;
//! - remembers the colours, line width, font and text alignment it last set, and sets them again
//!   only when they change;
//! - draws text last, over everything else in the frame, grouped by font: setting a font costs
//!   the browser a CSS parse, and the figures alternate between sizes label by label.
//!
//! Batched lines are stroked together, so where two translucent lines of one style cross the
//! crossing is not painted twice; the figures draw nothing that would show the difference.
//!
//! plotters hands a backend whole-number coordinates. Rounded to whole device pixels, a straight
//! line that climbs slowly would stair-step. So the painter tells plotters the canvas is
//! [`SUBPIXELS`] times larger than it is (the figure's style is scaled to match) and divides every
//! coordinate, width and font size back down as it writes them: lines keep an eighth of a pixel
//! of precision, and axis-aligned rules are still snapped to whole pixels to stay sharp.

use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind,
    FontTransform,
};
use std::fmt::Write as _;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{
    CanvasRenderingContext2d, HtmlCanvasElement, OffscreenCanvas,
    OffscreenCanvasRenderingContext2d, Path2d,
};

/// What the painter asks of a 2D context. The page's canvas and a Web Worker's `OffscreenCanvas`
/// have the same drawing methods on two unrelated types; the painter is written once over this
/// trait, and the page's wasm holds only its instance for the page's canvas.
pub trait Context2d {
    fn set_stroke_style_str(&self, style: &str);
    fn set_fill_style_str(&self, style: &str);
    fn set_line_width(&self, width: f64);
    fn set_font(&self, font: &str);
    fn set_text_align(&self, align: &str);
    fn set_text_baseline(&self, baseline: &str);
    fn stroke_with_path(&self, path: &Path2d);
    fn fill_with_path_2d(&self, path: &Path2d);
    fn fill_rect(&self, x: f64, y: f64, w: f64, h: f64);
    fn begin_path(&self);
    fn fill(&self);
    fn arc(&self, x: f64, y: f64, r: f64, from: f64, to: f64) -> std::result::Result<(), JsValue>;
    fn fill_text(&self, text: &str, x: f64, y: f64) -> std::result::Result<(), JsValue>;
    fn translate(&self, x: f64, y: f64) -> std::result::Result<(), JsValue>;
    fn rotate(&self, angle: f64) -> std::result::Result<(), JsValue>;
    fn reset_transform(&self) -> std::result::Result<(), JsValue>;
    fn text_width(&self, text: &str) -> f64;
}

macro_rules! context_2d {
    ($context:ty) => {
        impl Context2d for $context {
            fn set_stroke_style_str(&self, style: &str) {
                <$context>::set_stroke_style_str(self, style)
            }
            fn set_fill_style_str(&self, style: &str) {
                <$context>::set_fill_style_str(self, style)
            }
            fn set_line_width(&self, width: f64) {
                <$context>::set_line_width(self, width)
            }
            fn set_font(&self, font: &str) {
                <$context>::set_font(self, font)
            }
            fn set_text_align(&self, align: &str) {
                <$context>::set_text_align(self, align)
            }
            fn set_text_baseline(&self, baseline: &str) {
                <$context>::set_text_baseline(self, baseline)
            }
            fn stroke_with_path(&self, path: &Path2d) {
                <$context>::stroke_with_path(self, path)
            }
            fn fill_with_path_2d(&self, path: &Path2d) {
                <$context>::fill_with_path_2d(self, path)
            }
            fn fill_rect(&self, x: f64, y: f64, w: f64, h: f64) {
                <$context>::fill_rect(self, x, y, w, h)
            }
            fn begin_path(&self) {
                <$context>::begin_path(self)
            }
            fn fill(&self) {
                <$context>::fill(self)
            }
            fn arc(
                &self,
                x: f64,
                y: f64,
                r: f64,
                from: f64,
                to: f64,
            ) -> std::result::Result<(), JsValue> {
                <$context>::arc(self, x, y, r, from, to)
            }
            fn fill_text(&self, text: &str, x: f64, y: f64) -> std::result::Result<(), JsValue> {
                <$context>::fill_text(self, text, x, y)
            }
            fn translate(&self, x: f64, y: f64) -> std::result::Result<(), JsValue> {
                <$context>::translate(self, x, y)
            }
            fn rotate(&self, angle: f64) -> std::result::Result<(), JsValue> {
                <$context>::rotate(self, angle)
            }
            fn reset_transform(&self) -> std::result::Result<(), JsValue> {
                <$context>::set_transform(self, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
            }
            fn text_width(&self, text: &str) -> f64 {
                <$context>::measure_text(self, text).map(|m| m.width()).unwrap_or(0.0)
            }
        }
    };
}

context_2d!(CanvasRenderingContext2d);
context_2d!(OffscreenCanvasRenderingContext2d);

/// A canvas call that failed, as the browser described it.
#[derive(Debug)]
pub struct CanvasError(String);

impl std::fmt::Display for CanvasError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "canvas: {}", self.0)
    }
}

impl std::error::Error for CanvasError {}

type Result<T = ()> = std::result::Result<T, DrawingErrorKind<CanvasError>>;

fn failed(what: &str) -> DrawingErrorKind<CanvasError> {
    DrawingErrorKind::DrawingError(CanvasError(what.to_string()))
}

/// How many plotters units make one device pixel; see the module notes.
pub const SUBPIXELS: i32 = 8;

/// A text label waiting for the end of the frame.
struct Label {
    text: String,
    font: String,
    color: BackendColor,
    align: &'static str,
    baseline: &'static str,
    quarter_turns: u8,
    at: BackendCoord,
}

/// Lines waiting to be stroked together.
struct StrokeBatch {
    color: BackendColor,
    width: u32,
    path: String,
}

/// A painter on a 2D context: the page's canvas by default, or a worker's offscreen one.
pub struct CanvasPainter<C: Context2d = CanvasRenderingContext2d> {
    /// The canvas's size in device pixels (it does not change while a frame is painted).
    size: (u32, u32),
    context: C,
    batch: Option<StrokeBatch>,
    texts: Vec<Label>,
    // What the context was last set to, so unchanged state is not set again.
    stroke_color: Option<(u8, u8, u8, u16)>,
    fill_color: Option<(u8, u8, u8, u16)>,
    line_width: Option<u32>,
    align: &'static str,
    baseline: &'static str,
    /// The font the context holds, shared with the canvas's host: a context keeps its font from
    /// one frame to the next (until its size is set), and setting one costs the browser a font
    /// lookup of around a tenth of a millisecond.
    font: FontMemory,
}

/// The font a canvas context was last given; see [`CanvasPainter::new`].
pub type FontMemory = std::rc::Rc<std::cell::RefCell<String>>;

/// A colour as the key the caches compare: alpha in thousandths is finer than 8-bit canvas
/// pixels can show.
fn color_key(c: BackendColor) -> (u8, u8, u8, u16) {
    (c.rgb.0, c.rgb.1, c.rgb.2, (c.alpha.clamp(0.0, 1.0) * 1000.0).round() as u16)
}

/// `#rrggbb`, or `rgba(r,g,b,0.nnn)` when translucent; written with integers only, so drawing
/// never needs Rust's float formatting.
fn css_color(c: BackendColor) -> String {
    let (r, g, b, milli) = color_key(c);
    if milli >= 1000 {
        format!("#{r:02x}{g:02x}{b:02x}")
    } else {
        format!("rgba({r},{g},{b},0.{milli:03})")
    }
}

/// Appends an SVG path coordinate in device pixels; `snap` puts it on the middle of a whole
/// pixel, so a one-pixel line along the grid covers whole pixels instead of blurring over two.
fn push_coord(path: &mut String, command: char, (x, y): BackendCoord, snap: (bool, bool)) {
    path.push(command);
    push_number(path, x, snap.0);
    path.push(' ');
    push_number(path, y, snap.1);
}

/// `v` plotters units in device pixels, written with integers only (so drawing never needs
/// Rust's float formatting): eighths are exact in three decimals. With `snap`, the nearest
/// pixel's middle.
fn push_number(out: &mut String, v: i32, snap: bool) {
    let eighths = if snap {
        // Round to the nearest whole pixel edge, then step half a pixel back.
        (v + SUBPIXELS / 2).div_euclid(SUBPIXELS) * SUBPIXELS - SUBPIXELS / 2
    } else {
        v
    };
    if eighths < 0 {
        out.push('-');
    }
    let magnitude = eighths.unsigned_abs();
    let whole = magnitude / SUBPIXELS.unsigned_abs();
    let part = magnitude % SUBPIXELS.unsigned_abs();
    let _ = write!(out, "{whole}");
    if part != 0 {
        // 1/8 = 0.125: three decimals say it exactly.
        let _ = write!(out, ".{:03}", part * 125);
    }
}

/// Plotters units to device pixels, for the context's own numbers.
fn device(v: i32) -> f64 {
    f64::from(v) / f64::from(SUBPIXELS)
}

/// A CSS font for a plotters text style; the size in tenths of a device pixel, written with
/// integers.
fn css_font<S: BackendTextStyle>(style: &S) -> String {
    let tenths = (style.size() * 10.0 / f64::from(SUBPIXELS)).round().max(1.0) as u32;
    let mut font = String::with_capacity(32);
    let _ = write!(font, "{} {}", style.style().as_str(), tenths / 10);
    if tenths % 10 != 0 {
        let _ = write!(font, ".{}", tenths % 10);
    }
    let _ = write!(font, "px {}", style.family().as_str());
    font
}

impl CanvasPainter {
    /// A painter for `canvas`. `font` remembers the context's font across frames; the host
    /// clears it whenever it sets the canvas's size, which resets the context.
    pub fn new(canvas: HtmlCanvasElement, font: FontMemory) -> Option<CanvasPainter> {
        let context =
            canvas.get_context("2d").ok()??.dyn_into::<CanvasRenderingContext2d>().ok()?;
        Some(CanvasPainter::on(context, (canvas.width(), canvas.height()), font))
    }
}

impl CanvasPainter<OffscreenCanvasRenderingContext2d> {
    /// A painter for an offscreen canvas, as a Web Worker draws.
    pub fn offscreen(
        canvas: &OffscreenCanvas,
    ) -> Option<CanvasPainter<OffscreenCanvasRenderingContext2d>> {
        let context =
            canvas.get_context("2d").ok()??.dyn_into::<OffscreenCanvasRenderingContext2d>().ok()?;
        Some(CanvasPainter::on(context, (canvas.width(), canvas.height()), FontMemory::default()))
    }
}

impl<C: Context2d> CanvasPainter<C> {
    fn on(context: C, size: (u32, u32), font: FontMemory) -> CanvasPainter<C> {
        CanvasPainter {
            size,
            context,
            batch: None,
            texts: Vec::new(),
            stroke_color: None,
            fill_color: None,
            line_width: None,
            font,
            align: "",
            baseline: "",
        }
    }

    /// Strokes the lines gathered so far.
    fn flush(&mut self) -> Result {
        let Some(batch) = self.batch.take() else { return Ok(()) };
        let key = color_key(batch.color);
        if self.stroke_color != Some(key) {
            self.context.set_stroke_style_str(&css_color(batch.color));
            self.stroke_color = Some(key);
        }
        if self.line_width != Some(batch.width) {
            self.context.set_line_width(f64::from(batch.width) / f64::from(SUBPIXELS));
            self.line_width = Some(batch.width);
        }
        let path = Path2d::new_with_path_string(&batch.path).map_err(|_| failed("bad path"))?;
        self.context.stroke_with_path(&path);
        Ok(())
    }

    /// Draws the gathered labels, all of one font before the next, so the context parses each
    /// font once a frame however the figure interleaves its sizes.
    fn draw_labels(&mut self) -> Result {
        let labels = std::mem::take(&mut self.texts);
        // Fonts in order of first use, starting with the one the context already holds.
        let mut fonts: Vec<&str> = Vec::new();
        for label in &labels {
            if !fonts.contains(&label.font.as_str()) {
                fonts.push(&label.font);
            }
        }
        let current = self.font.borrow().clone();
        if let Some(i) = fonts.iter().position(|f| *f == current) {
            fonts[..=i].rotate_right(1);
        }
        for font in fonts {
            for label in labels.iter().filter(|l| l.font == font) {
                self.draw_label(label)?;
            }
        }
        Ok(())
    }

    fn draw_label(&mut self, label: &Label) -> Result {
        self.set_fill(label.color);
        if *self.font.borrow() != label.font {
            self.context.set_font(&label.font);
            self.font.borrow_mut().clone_from(&label.font);
        }
        if self.align != label.align {
            self.context.set_text_align(label.align);
            self.align = label.align;
        }
        if self.baseline != label.baseline {
            self.context.set_text_baseline(label.baseline);
            self.baseline = label.baseline;
        }
        let (x, y) = (device(label.at.0), device(label.at.1));
        if label.quarter_turns == 0 {
            return self.context.fill_text(&label.text, x, y).map_err(|_| failed("text"));
        }
        // Rotate about the anchor, then put the identity transform back (the figures draw with
        // no other transform); unlike save/restore this leaves the cached state valid.
        let _ = self.context.translate(x, y);
        let _ = self.context.rotate(f64::from(label.quarter_turns) * std::f64::consts::FRAC_PI_2);
        let drawn = self.context.fill_text(&label.text, 0.0, 0.0).map_err(|_| failed("text"));
        let _ = self.context.reset_transform();
        drawn
    }

    /// The batch that lines of this style go into, after stroking one of another style.
    fn batch_for(&mut self, color: BackendColor, width: u32) -> Result<&mut String> {
        let same = self
            .batch
            .as_ref()
            .is_some_and(|b| color_key(b.color) == color_key(color) && b.width == width);
        if !same {
            self.flush()?;
            self.batch = Some(StrokeBatch { color, width, path: String::with_capacity(256) });
        }
        match self.batch.as_mut() {
            Some(batch) => Ok(&mut batch.path),
            None => Err(failed("no batch")),
        }
    }

    fn set_fill(&mut self, color: BackendColor) {
        let key = color_key(color);
        if self.fill_color != Some(key) {
            self.context.set_fill_style_str(&css_color(color));
            self.fill_color = Some(key);
        }
    }
}

impl<C: Context2d> DrawingBackend for CanvasPainter<C> {
    type ErrorType = CanvasError;

    fn get_size(&self) -> (u32, u32) {
        let fine = SUBPIXELS.unsigned_abs();
        (self.size.0 * fine, self.size.1 * fine)
    }

    fn ensure_prepared(&mut self) -> Result {
        Ok(())
    }

    fn present(&mut self) -> Result {
        self.flush()?;
        self.draw_labels()
    }

    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Result {
        self.draw_rect(point, (point.0 + SUBPIXELS, point.1 + SUBPIXELS), &color, true)
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result {
        if style.color().alpha <= 0.0 {
            return Ok(());
        }
        let half = (from.0 == to.0, from.1 == to.1);
        let path = self.batch_for(style.color(), style.stroke_width())?;
        push_coord(path, 'M', from, half);
        push_coord(path, 'L', to, half);
        Ok(())
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        points: I,
        style: &S,
    ) -> Result {
        if style.color().alpha <= 0.0 {
            return Ok(());
        }
        let path = self.batch_for(style.color(), style.stroke_width())?;
        for (i, point) in points.into_iter().enumerate() {
            push_coord(path, if i == 0 { 'M' } else { 'L' }, point, (false, false));
        }
        Ok(())
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result {
        if style.color().alpha <= 0.0 {
            return Ok(());
        }
        if !fill {
            let (l, t, r, b) = (upper_left.0, upper_left.1, bottom_right.0, bottom_right.1);
            return self.draw_path([(l, t), (r, t), (r, b), (l, b), (l, t)], style);
        }
        self.flush()?;
        self.set_fill(style.color());
        // Filled areas keep whole device pixels at their edges, so bands meet without seams.
        let edge = |v: i32| device(v).round();
        let (x, y) = (edge(upper_left.0), edge(upper_left.1));
        self.context.fill_rect(x, y, edge(bottom_right.0) - x, edge(bottom_right.1) - y);
        Ok(())
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vertices: I,
        style: &S,
    ) -> Result {
        if style.color().alpha <= 0.0 {
            return Ok(());
        }
        self.flush()?;
        let mut path = String::with_capacity(256);
        for (i, point) in vertices.into_iter().enumerate() {
            push_coord(&mut path, if i == 0 { 'M' } else { 'L' }, point, (false, false));
        }
        path.push('Z');
        self.set_fill(style.color());
        let path = Path2d::new_with_path_string(&path).map_err(|_| failed("bad polygon"))?;
        self.context.fill_with_path_2d(&path);
        Ok(())
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result {
        if style.color().alpha <= 0.0 {
            return Ok(());
        }
        if !fill {
            // An SVG arc in two halves keeps the circle inside the stroke batch.
            let (x, y, r) = (center.0, center.1, radius as i32);
            let path = self.batch_for(style.color(), style.stroke_width())?;
            push_coord(path, 'M', (x - r, y), (false, false));
            for sweep in [2 * r, -2 * r] {
                path.push('a');
                push_number(path, r, false);
                path.push(' ');
                push_number(path, r, false);
                path.push_str(" 0 1 0 ");
                push_number(path, sweep, false);
                path.push_str(" 0");
            }
            return Ok(());
        }
        self.flush()?;
        self.set_fill(style.color());
        self.context.begin_path();
        self.context
            .arc(
                device(center.0),
                device(center.1),
                f64::from(radius) / f64::from(SUBPIXELS),
                0.0,
                std::f64::consts::TAU,
            )
            .map_err(|_| failed("arc"))?;
        self.context.fill();
        Ok(())
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result {
        if style.color().alpha <= 0.0 {
            return Ok(());
        }
        let anchor = style.anchor();
        self.texts.push(Label {
            text: text.to_string(),
            font: css_font(style),
            color: style.color(),
            align: match anchor.h_pos {
                HPos::Left => "start",
                HPos::Right => "end",
                HPos::Center => "center",
            },
            baseline: match anchor.v_pos {
                VPos::Top => "top",
                VPos::Center => "middle",
                VPos::Bottom => "bottom",
            },
            quarter_turns: match style.transform() {
                FontTransform::None => 0,
                FontTransform::Rotate90 => 1,
                FontTransform::Rotate180 => 2,
                FontTransform::Rotate270 => 3,
            },
            at: pos,
        });
        Ok(())
    }

    fn estimate_text_size<S: BackendTextStyle>(&self, text: &str, style: &S) -> Result<(u32, u32)> {
        // Measuring needs the font set on the context; restore it so the cache stays true.
        self.context.set_font(&css_font(style));
        let width = self.context.text_width(text);
        let font = self.font.borrow();
        if !font.is_empty() {
            self.context.set_font(&font);
        }
        Ok(((width * f64::from(SUBPIXELS)).ceil() as u32, style.size().round() as u32))
    }

    fn blit_bitmap(&mut self, _pos: BackendCoord, _size: (u32, u32), _src: &[u8]) -> Result {
        // No figure draws bitmaps.
        Ok(())
    }
}

impl<C: Context2d> Drop for CanvasPainter<C> {
    fn drop(&mut self) {
        // Whatever is still batched belongs to the frame; a figure that returned early still
        // shows what it drew.
        let _ = self.flush();
        let _ = self.draw_labels();
    }
}
