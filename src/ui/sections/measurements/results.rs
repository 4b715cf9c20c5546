//! What the reader does with a loaded run: choose it from the list, see its figures (drawn by
//! the worker, which holds the run), and download its fit, residuals and figures.

use super::client;
use super::section::{element_by_id, next_frame, Section};
use crate::charts::measured::RunFigure;
use crate::measurements::protocol::{CssSize, FigureFormat, Reply, Request, RunFile};
use crate::render::export::{download_blob, download_canvas};
use crate::state::embed_layout::canvas_height_css;
use leptos::prelude::*;
use std::cell::Cell;
use wasm_bindgen::JsCast;

thread_local! {
    /// A drawing is being made in the worker; another asked meanwhile waits for it, so a window
    /// being resized does not queue a drawing per pixel.
    static DRAWING: Cell<bool> = const { Cell::new(false) };
    static DRAW_AGAIN: Cell<bool> = const { Cell::new(false) };
}

fn canvas(figure: RunFigure) -> Option<web_sys::HtmlCanvasElement> {
    element_by_id(&format!("{}-canvas", figure.slug()))?.dyn_into().ok()
}

/// Asks the worker for the chosen run's figures at the canvases' width and the page's palette.
pub(super) fn draw(section: Section, dark: bool) {
    if DRAWING.get() {
        DRAW_AGAIN.set(true);
        return;
    }
    let Some(id) = section.chosen_id() else { return };
    let Some(first) = canvas(RunFigure::Ttft) else { return };
    let width = first.parent_element().map_or(0, |p| p.client_width()) as f64;
    if width <= 0.0 {
        return;
    }
    let height = canvas_height_css(width);
    let pixel_ratio = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
    let request = Request::Draw { id, size: CssSize { width, height }, pixel_ratio, dark };
    DRAWING.set(true);
    client::ask(&request, None, move |reply| {
        DRAWING.set(false);
        if let Some(Reply::Drawn { id: drawn, bitmaps }) = reply {
            paint(drawn == id && section.chosen_id() == Some(id), height, bitmaps);
        }
        if DRAW_AGAIN.replace(false) {
            draw(section, dark);
        }
    });
}

/// [`draw`] once the markup placed now is laid out, in the page's palette as it is then.
pub(super) fn draw_soon(section: Section) {
    let dark = section.dark.get_untracked();
    next_frame(Box::new(move || draw(section, dark)));
}

/// Puts the worker's drawings on the canvases if they are `current` (of the run still chosen),
/// and frees them.
fn paint(current: bool, height_css: f64, bitmaps: Vec<web_sys::ImageBitmap>) {
    for (figure, bitmap) in RunFigure::ALL.into_iter().zip(bitmaps) {
        if let Some(canvas) = canvas(figure).filter(|_| current) {
            canvas.set_width(bitmap.width());
            canvas.set_height(bitmap.height());
            let _ = web_sys::HtmlElement::style(&canvas)
                .set_property("height", &format!("{height_css}px"));
            let context = canvas
                .get_context("2d")
                .ok()
                .flatten()
                .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok());
            if let Some(context) = context {
                let _ = context.draw_image_with_image_bitmap(&bitmap, 0.0, 0.0);
                let _ = canvas.set_attribute(crate::shared_names::figure::DRAWN, "");
            }
        }
        bitmap.close();
    }
}

/// The run at `index` in the list is chosen.
pub(super) fn chosen(section: Section, index: usize) {
    // A notice about one run's rates does not belong to the next one chosen.
    section.list.update(|l| l.selected = index);
    section.say_applied("");
    // The list is written anew with the run: give the new one the focus the old one had.
    next_frame(Box::new(|| {
        let list =
            element_by_id("import-run").and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
        if let Some(list) = list {
            let _ = list.focus();
        }
    }));
}

/// A download of the chosen run: a figure's PNG from its canvas as drawn, any other file from
/// the worker.
pub(super) fn download(section: Section, file: RunFile) {
    let Some((id, stem)) =
        section.list.with_untracked(|l| l.chosen().map(|r| (r.id, r.file_stem.clone())))
    else {
        return;
    };
    if let RunFile::Figure { slug, format: FigureFormat::Png } = &file {
        let figure = RunFigure::ALL.into_iter().find(|f| f.slug() == slug);
        if let Some(canvas) = figure.and_then(canvas) {
            download_canvas(&file.file_name(&stem), &canvas);
        }
        return;
    }
    let size = canvas(RunFigure::Ttft).map_or(CssSize { width: 800.0, height: 400.0 }, |c| {
        CssSize { width: f64::from(c.client_width()), height: f64::from(c.client_height()) }
    });
    client::ask(
        &Request::Export { id, file, size, dark: section.dark.get_untracked() },
        None,
        |reply| {
            if let Some(Reply::File(Some((name, blob)))) = reply {
                download_blob(&name, &blob);
            }
        },
    );
}
