//! What the reader does with a loaded run: choose it from the list, see its figures (drawn by
//! the worker, which holds the run), put its rates into the lesson's controls ("Use these
//! rates"), and download its fit, residuals and figures.

use super::{worker, Loaded};
use crate::charts::measured::RunFigure;
use crate::charts::Palette;
use crate::render::export::{download_blob, download_canvas};
use crate::state::Param;
use crate::text::measurements::applied_text;
use crate::ui::dom;
use crate::ui::widgets::canvas::height_for;
use leptos::prelude::*;
use std::cell::Cell;
use wasm_bindgen::{JsCast, JsValue};

thread_local! {
    /// A drawing is being made in the worker; another asked meanwhile waits for it, so a window
    /// being resized does not queue a drawing per pixel.
    static DRAWING: Cell<bool> = const { Cell::new(false) };
    static DRAW_AGAIN: Cell<bool> = const { Cell::new(false) };
}

fn canvas(figure: RunFigure) -> Option<web_sys::HtmlCanvasElement> {
    let id = format!("{}-canvas", figure.slug());
    web_sys::window()?.document()?.get_element_by_id(&id)?.dyn_into().ok()
}

fn selected_id(loaded: Loaded) -> Option<usize> {
    loaded.imports.with_untracked(|i| i.runs.get(i.selected).map(|r| r.id))
}

/// Asks the worker for the chosen run's figures at the canvases' width and the page's palette.
pub(super) fn draw(loaded: Loaded) {
    if DRAWING.get() {
        DRAW_AGAIN.set(true);
        return;
    }
    let Some(id) = selected_id(loaded) else { return };
    let Some(first) = canvas(RunFigure::Ttft) else { return };
    let width = first.parent_element().map_or(0, |p| p.client_width()) as f64;
    if width <= 0.0 {
        return;
    }
    let height = height_for(width);
    let dark = loaded.palette.get_untracked() == Palette::DARK;
    let message: js_sys::Array = [
        JsValue::from("draw"),
        JsValue::from_f64(id as f64),
        JsValue::from_f64(width),
        JsValue::from_f64(height),
        JsValue::from_f64(dom::device_pixel_ratio()),
        JsValue::from_bool(dark),
    ]
    .into_iter()
    .collect();
    DRAWING.set(true);
    worker::ask(message, None, move |reply| {
        DRAWING.set(false);
        paint(loaded, id, height, &reply);
        if DRAW_AGAIN.replace(false) {
            draw(loaded);
        }
    });
}

/// [`draw`] once the markup placed now is laid out.
pub(super) fn draw_soon(loaded: Loaded) {
    request_animation_frame(move || draw(loaded));
}

/// Puts the worker's drawings on the canvases, if they are still of the chosen run.
fn paint(loaded: Loaded, id: usize, height_css: f64, reply: &JsValue) {
    if !reply.is_array() {
        return;
    }
    let reply = js_sys::Array::from(reply);
    let current = reply.get(1).as_f64() == Some(id as f64) && selected_id(loaded) == Some(id);
    for figure in RunFigure::ALL {
        let Ok(bitmap) = reply.get(2 + figure.index() as u32).dyn_into::<web_sys::ImageBitmap>()
        else {
            continue;
        };
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
            }
        }
        bitmap.close();
    }
}

pub(super) fn chosen(loaded: Loaded, select: &web_sys::Element) {
    let value = js_sys::Reflect::get(select, &"value".into()).ok().and_then(|v| v.as_string());
    let Some(index) = value.and_then(|v| v.parse::<usize>().ok()) else { return };
    // A notice about one run's rates does not belong to the next one chosen.
    loaded.imports.update(|i| {
        i.selected = index;
        i.applied.clear();
    });
    draw_soon(loaded);
    // The list is written anew with the run: give the new one the focus the old one had.
    request_animation_frame(|| {
        let list = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id("import-run"))
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
        if let Some(list) = list {
            let _ = list.focus();
        }
    });
}

pub(super) fn apply(loaded: Loaded) {
    let Some(fitted) = loaded.imports.with_untracked(|i| {
        i.runs
            .get(i.selected)
            .map(|r| (r.prefill_tokens_per_sec, r.decode_tokens_per_sec, r.wait_secs))
    }) else {
        return;
    };
    let (mut clamped, mut not_set) = (Vec::new(), Vec::new());
    loaded.state.update(|s| {
        // The panel's network time stays as set; the queue takes the rest of the overhead.
        let wait = fitted.2.map(|w| (w - s.get(Param::Network)).max(0.0));
        for (param, value) in
            [(Param::Prefill, fitted.0), (Param::Decode, fitted.1), (Param::Wait, wait)]
        {
            let spec = s.spec_of(param);
            let Some(value) = value else {
                not_set.push(spec.label);
                continue;
            };
            let got = s.set(param, value);
            if value < spec.min || value > spec.max {
                clamped.push((spec.label, spec.unit, value, got));
            }
        }
    });
    loaded.imports.update(|i| i.applied = applied_text(&clamped, &not_set));
}

/// A download the worker writes for the chosen run: `fit`, `residuals`, or a figure's slug with
/// `.csv` or `.svg`.
pub(super) fn download(loaded: Loaded, what: &str) {
    let Some(id) = selected_id(loaded) else { return };
    let (width, height) = canvas(RunFigure::Ttft)
        .map_or((800.0, 400.0), |c| (f64::from(c.client_width()), f64::from(c.client_height())));
    let dark = loaded.palette.get_untracked() == Palette::DARK;
    let message: js_sys::Array = [
        JsValue::from("export"),
        JsValue::from_f64(id as f64),
        JsValue::from(what),
        JsValue::from_f64(width),
        JsValue::from_f64(height),
        JsValue::from_bool(dark),
    ]
    .into_iter()
    .collect();
    worker::ask(message, None, |reply| {
        if !reply.is_array() {
            return;
        }
        let reply = js_sys::Array::from(&reply);
        if let (Some(name), Ok(blob)) =
            (reply.get(1).as_string(), reply.get(2).dyn_into::<web_sys::Blob>())
        {
            download_blob(&name, &blob);
        }
    });
}

/// A figure's export button: PNG from the canvas as drawn, SVG and CSV from the worker.
pub(super) fn export_figure(loaded: Loaded, id: &str) -> bool {
    let Some((slug, kind)) = id.rsplit_once('-') else { return false };
    let Some(figure) = RunFigure::ALL.into_iter().find(|f| f.slug() == slug) else { return false };
    match kind {
        "png" => {
            let stem = loaded.imports.with_untracked(|i| {
                i.runs.get(i.selected).map(|r| r.file_stem.clone()).unwrap_or_default()
            });
            if let Some(canvas) = canvas(figure) {
                download_canvas(&format!("{stem}-{slug}.png"), &canvas);
            }
        }
        "svg" | "csv" => download(loaded, &format!("{slug}.{kind}")),
        _ => return false,
    }
    true
}
