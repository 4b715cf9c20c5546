//! What the worker does with each message: read and fit a file, draw a kept run's figures, or
//! write one of its downloads.

use crossover::charts::measured::RunFigure;
use crossover::charts::{Palette, Style};
use crossover::render::canvas::{CanvasPainter, SUBPIXELS};
use crossover::text::measurements::{export_file, read_and_fit_each, unreadable, Fitted};
use plotters::prelude::IntoDrawingArea;
use std::cell::RefCell;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::DedicatedWorkerGlobalScope;

thread_local! {
    /// Every run read so far; a run's id is its place here. The page numbers the runs of a file
    /// it sends again (to a worker started after the last one stopped) as before, so a file that
    /// fails then leaves a gap.
    static RUNS: RefCell<Vec<Option<Fitted>>> = const { RefCell::new(Vec::new()) };
}

/// A file is read this many bytes at a time, with a progress report after each.
const CHUNK_BYTES: f64 = 4.0 * 1024.0 * 1024.0;
/// Share of the progress bar for reading the bytes; parsing and fitting take the rest.
const READ_SHARE: f64 = 0.4;
/// Plotters units per SVG user unit in exported figures, as the page's own SVG export uses.
const SVG_SUBUNITS: u32 = 4;

pub fn answer(scope: &DedicatedWorkerGlobalScope, message: &js_sys::Array) {
    let number = |i: u32| message.get(i).as_f64().unwrap_or(0.0);
    match message.get(0).as_string().as_deref() {
        Some("read") => {
            let name = message.get(1).as_string().unwrap_or_default();
            let first_id = message.get(3).as_f64().map(|id| id as usize);
            let _ = scope.post_message(&read(scope, &name, message.get(2), first_id).into());
        }
        Some("draw") => {
            let id = number(1) as usize;
            let size = (number(2), number(3));
            let reply = js_sys::Array::of2(&"drawn".into(), &JsValue::from_f64(id as f64));
            let bitmaps = draw(id, size, number(4), message.get(5).is_truthy());
            for bitmap in &bitmaps {
                reply.push(bitmap);
            }
            let moved: js_sys::Array = bitmaps.into_iter().collect();
            let _ = scope.post_message_with_transfer(&reply, &moved);
        }
        Some("export") => {
            let what = message.get(2).as_string().unwrap_or_default();
            let file = export(
                number(1) as usize,
                &what,
                (number(3), number(4)),
                message.get(5).is_truthy(),
            );
            let reply = js_sys::Array::of1(&"file".into());
            if let Some((name, blob)) = file {
                reply.push(&name.into());
                reply.push(&blob);
            }
            let _ = scope.post_message(&reply);
        }
        _ => {}
    }
}

/// Reads and fits one file, numbering its runs from `first_id` when the page gives one (a file
/// it had loaded before), else after the last run kept.
fn read(
    scope: &DedicatedWorkerGlobalScope,
    name: &str,
    payload: JsValue,
    first_id: Option<usize>,
) -> String {
    let tell = |share: f64| {
        let _ = scope.post_message(&js_sys::Array::of2(&"progress".into(), &share.into()));
    };
    // Pasted text comes as a string, a chosen file as the `File` itself, read here so its bytes
    // never pass through the page.
    let text = match payload.as_string() {
        Some(text) => Some(text),
        None => payload.dyn_into::<web_sys::Blob>().ok().and_then(|blob| read_blob(&blob, &tell)),
    };
    let Some(text) = text else { return unreadable(name) };
    tell(READ_SHARE);
    let first_id = first_id.unwrap_or_else(|| RUNS.with_borrow(Vec::len));
    let (reply, fitted) = read_and_fit_each(&text, name, first_id, &mut |share| {
        tell(READ_SHARE + (1.0 - READ_SHARE) * share);
    });
    // The runs go at their ids, whatever the worker held there or before.
    RUNS.with_borrow_mut(|runs| {
        runs.truncate(first_id);
        runs.resize_with(first_id, || None);
        runs.extend(fitted.into_iter().map(Some));
    });
    reply
}

/// The file's bytes, a chunk at a time so progress can be told, as text (invalid UTF-8 replaced,
/// as a browser's own text reading does).
fn read_blob(blob: &web_sys::Blob, tell: &dyn Fn(f64)) -> Option<String> {
    let reader = web_sys::FileReaderSync::new().ok()?;
    let size = blob.size();
    let mut bytes: Vec<u8> = Vec::with_capacity(size as usize);
    let mut start = 0.0;
    while start < size {
        let end = (start + CHUNK_BYTES).min(size);
        let part = blob.slice_with_f64_and_f64(start, end).ok()?;
        let chunk = js_sys::Uint8Array::new(&reader.read_as_array_buffer(&part).ok()?.into());
        let at = bytes.len();
        bytes.resize(at + chunk.length() as usize, 0);
        chunk.copy_to(bytes.get_mut(at..)?);
        start = end;
        tell(READ_SHARE * start / size);
    }
    Some(match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    })
}

fn palette(dark: bool) -> Palette {
    if dark {
        Palette::DARK
    } else {
        Palette::LIGHT
    }
}

/// Each figure of run `id` drawn at `width` × `height` CSS pixels and the screen's pixel ratio.
fn draw(id: usize, (width, height): (f64, f64), ratio: f64, dark: bool) -> Vec<JsValue> {
    let ratio = if ratio.is_finite() && ratio > 0.0 { ratio.min(4.0) } else { 1.0 };
    let device = |css: f64| ((css.clamp(100.0, 4000.0) * ratio).round() as u32).max(1);
    let style = Style { scale: ratio * f64::from(SUBPIXELS), palette: palette(dark) };
    RUNS.with_borrow(|runs| {
        let Some(fitted) = runs.get(id).and_then(Option::as_ref) else { return Vec::new() };
        RunFigure::ALL
            .into_iter()
            .filter_map(|figure| {
                let canvas = web_sys::OffscreenCanvas::new(device(width), device(height)).ok()?;
                {
                    let painter = CanvasPainter::offscreen(&canvas)?;
                    let area = painter.into_drawing_area();
                    let _ = fitted.figures.draw(figure, &area, &style);
                    let _ = area.present();
                }
                canvas.transfer_to_image_bitmap().ok().map(JsValue::from)
            })
            .collect()
    })
}

/// A download of run `id`: a CSV (`fit`, `residuals`, `<figure>.csv`) or a figure as SVG
/// (`<figure>.svg`) at `width` × `height` CSS pixels.
fn export(
    id: usize,
    what: &str,
    (width, height): (f64, f64),
    dark: bool,
) -> Option<(String, JsValue)> {
    RUNS.with_borrow(|runs| {
        let fitted = runs.get(id)?.as_ref()?;
        let (name, mime, content) = match what.strip_suffix(".svg") {
            Some(slug) => {
                let figure = RunFigure::ALL.into_iter().find(|f| f.slug() == slug)?;
                let size = (width.clamp(320.0, 4000.0) as u32, height.clamp(200.0, 4000.0) as u32);
                let style = Style { scale: f64::from(SVG_SUBUNITS), palette: palette(dark) };
                let svg = crossover::charts::to_svg(
                    size.0 * SVG_SUBUNITS,
                    size.1 * SVG_SUBUNITS,
                    |area| fitted.figures.draw(figure, area, &style),
                )
                .ok()?;
                // Shown at the real size; the viewBox keeps the finer coordinates.
                let drawn = format!(
                    r#"width="{}" height="{}""#,
                    size.0 * SVG_SUBUNITS,
                    size.1 * SVG_SUBUNITS
                );
                let shown = format!(r#"width="{}" height="{}""#, size.0, size.1);
                (
                    format!("{}-{slug}.svg", fitted.file_stem),
                    "image/svg+xml",
                    svg.replacen(&drawn, &shown, 1),
                )
            }
            None => export_file(fitted, what)?,
        };
        let options = web_sys::BlobPropertyBag::new();
        options.set_type(mime);
        let parts = js_sys::Array::of1(&content.into());
        let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).ok()?;
        Some((name, blob.into()))
    })
}
