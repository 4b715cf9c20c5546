//! The Web Worker's side: each request the page sends is answered here, from the runs it keeps.
//! What the answers hold is worked out in `runs.rs`; this file reads the files' bytes, draws on
//! offscreen canvases and posts the replies.

use crossover::charts::measured::RunFigure;
use crossover::charts::Style;
use crossover::measurements::protocol::{CssSize, FileContent, Reply, Request, RunFile, RunsReply};
use crossover::render::canvas::{CanvasPainter, SUBPIXELS};
use crossover::text::compare::RUN_NOT_KEPT;
use crossover::text::measurements::sentences::unreadable;
use crossover_worker::runs::{
    compare_runs, export_file, file_facts, palette, read_and_fit, Fitted,
};
use plotters::prelude::IntoDrawingArea;
use std::cell::RefCell;
use wasm_bindgen::JsValue;
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

/// Answers one message from the page; a message that is not a request gets no answer.
pub fn answer(scope: &DedicatedWorkerGlobalScope, message: &JsValue) {
    let Some(request) = Request::from_message(message) else { return };
    let reply = match request {
        Request::Read { name, content, first_id } => {
            Reply::Runs(read(scope, &name, content, first_id))
        }
        Request::Draw { id, size, pixel_ratio, dark } => {
            Reply::Drawn { id, bitmaps: draw(id, size, pixel_ratio, dark) }
        }
        Request::Export { id, file, size, dark } => Reply::File(export(id, &file, size, dark)),
        Request::Deployment(side) => Reply::Deployment(RUNS.with_borrow_mut(|runs| {
            match runs.get_mut(side.run_id).and_then(Option::as_mut) {
                Some(fitted) => fitted.as_deployment(side.percentile),
                None => Err(RUN_NOT_KEPT.to_string()),
            }
        })),
        Request::Compare(asked) => {
            let compared = RUNS.with_borrow_mut(|runs| compare_runs(runs, &asked));
            match compared {
                Some(c) => Reply::Compared { view: Some(c.view.to_wire()), overlay: c.overlay },
                None => Reply::Compared { view: None, overlay: vec![] },
            }
        }
    };
    post(scope, &reply);
}

pub fn post(scope: &DedicatedWorkerGlobalScope, reply: &Reply) {
    let (message, moved) = reply.to_message();
    let _ = scope.post_message_with_transfer(&message, &moved);
}

/// Reads and fits one file, numbering its runs from `first_id` when the page gives one (a file
/// it had loaded before), else after the last run kept.
fn read(
    scope: &DedicatedWorkerGlobalScope,
    name: &str,
    content: FileContent,
    first_id: Option<usize>,
) -> RunsReply {
    let tell = |share: f64| post(scope, &Reply::Progress(share));
    // A chosen file is read here, so its bytes never pass through the page. Its SHA-256 is of
    // the bytes as they are on the reader's disk, before any decoding.
    let read = match content {
        FileContent::Text(text) => {
            let file = file_facts(name, text.as_bytes());
            Some((text, file))
        }
        FileContent::File(blob) => read_blob(&blob, &tell).map(|bytes| {
            let file = file_facts(name, &bytes);
            (as_text(bytes), file)
        }),
    };
    let Some((text, file)) = read else { return Err(unreadable(name)) };
    tell(READ_SHARE);
    let first_id = first_id.unwrap_or_else(|| RUNS.with_borrow(Vec::len));
    let (reply, fitted) = read_and_fit(&text, &file, first_id, &mut |share| {
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

/// The file's bytes, a chunk at a time so progress can be told.
fn read_blob(blob: &web_sys::Blob, tell: &dyn Fn(f64)) -> Option<Vec<u8>> {
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
    Some(bytes)
}

/// A file's bytes as text, read as a browser's own text reading does (invalid sequences
/// replaced), as a pasted text arrives: a file saved as UTF-16 is then recognised, and said so,
/// by the readers.
fn as_text(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    }
}

/// Each figure of run `id` drawn at `size` CSS pixels and the screen's pixel ratio.
fn draw(id: usize, size: CssSize, ratio: f64, dark: bool) -> Vec<web_sys::ImageBitmap> {
    let ratio = if ratio.is_finite() && ratio > 0.0 { ratio.min(4.0) } else { 1.0 };
    let device = |css: f64| ((css.clamp(100.0, 4000.0) * ratio).round() as u32).max(1);
    let style = Style { scale: ratio * f64::from(SUBPIXELS), palette: palette(dark) };
    RUNS.with_borrow(|runs| {
        let Some(fitted) = runs.get(id).and_then(Option::as_ref) else { return Vec::new() };
        RunFigure::ALL
            .into_iter()
            .filter_map(|figure| {
                let canvas =
                    web_sys::OffscreenCanvas::new(device(size.width), device(size.height)).ok()?;
                {
                    let painter = CanvasPainter::offscreen(&canvas)?;
                    let area = painter.into_drawing_area();
                    let _ = fitted.figures.draw(figure, &area, &style);
                    let _ = area.present();
                }
                canvas.transfer_to_image_bitmap().ok()
            })
            .collect()
    })
}

/// The contents of a download of run `id`: the page names the file and gives it its type.
fn export(id: usize, file: &RunFile, size: CssSize, dark: bool) -> Option<String> {
    RUNS.with_borrow(|runs| {
        let fitted = runs.get(id)?.as_ref()?;
        export_file(fitted, file, size, dark).map(|(_, _, content)| content)
    })
}
