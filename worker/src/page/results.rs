//! What the reader does with a loaded run: choose it from the list, see its figures (drawn by
//! the worker, which holds the run), put its rates into the lesson's controls ("Use these
//! rates"), and download its fit, residuals and figures.

use super::{
    apply_rates, client, dark, element_by_id, next_frame, show_applied, update, with_section,
};
use crossover::charts::measured::RunFigure;
use crossover::render::export::{download_blob, download_canvas};
use crossover::state::embed_layout::canvas_height_css;
use crossover::state::Param;
use crossover::text::measurements::applied_text;
use std::cell::Cell;
use wasm_bindgen::{JsCast, JsValue};

thread_local! {
    /// A drawing is being made in the worker; another asked meanwhile waits for it, so a window
    /// being resized does not queue a drawing per pixel.
    static DRAWING: Cell<bool> = const { Cell::new(false) };
    static DRAW_AGAIN: Cell<bool> = const { Cell::new(false) };
}

fn canvas(figure: RunFigure) -> Option<web_sys::HtmlCanvasElement> {
    element_by_id(&format!("{}-canvas", figure.slug()))?.dyn_into().ok()
}

fn selected_id() -> Option<usize> {
    with_section(|s| s.runs.get(s.selected).map(|r| r.id))
}

/// Asks the worker for the chosen run's figures at the canvases' width and the page's palette.
pub(super) fn draw() {
    if DRAWING.get() {
        DRAW_AGAIN.set(true);
        return;
    }
    let Some(id) = selected_id() else { return };
    let Some(first) = canvas(RunFigure::Ttft) else { return };
    let width = first.parent_element().map_or(0, |p| p.client_width()) as f64;
    if width <= 0.0 {
        return;
    }
    let height = canvas_height_css(width);
    let pixel_ratio = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
    let message: js_sys::Array = [
        JsValue::from("draw"),
        JsValue::from_f64(id as f64),
        JsValue::from_f64(width),
        JsValue::from_f64(height),
        JsValue::from_f64(pixel_ratio),
        JsValue::from_bool(dark()),
    ]
    .into_iter()
    .collect();
    DRAWING.set(true);
    client::ask(message, None, move |reply| {
        DRAWING.set(false);
        paint(id, height, &reply);
        if DRAW_AGAIN.replace(false) {
            draw();
        }
    });
}

/// [`draw`] once the markup placed now is laid out.
pub(super) fn draw_soon() {
    next_frame(draw);
}

/// Puts the worker's drawings on the canvases, if they are still of the chosen run.
fn paint(id: usize, height_css: f64, reply: &JsValue) {
    if !reply.is_array() {
        return;
    }
    let reply = js_sys::Array::from(reply);
    let current = reply.get(1).as_f64() == Some(id as f64) && selected_id() == Some(id);
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

pub(super) fn chosen(select: &JsValue) {
    let value = js_sys::Reflect::get(select, &"value".into()).ok().and_then(|v| v.as_string());
    let Some(index) = value.and_then(|v| v.parse::<usize>().ok()) else { return };
    // A notice about one run's rates does not belong to the next one chosen.
    update(|s| s.selected = index);
    show_applied("");
    draw_soon();
    // The list is written anew with the run: give the new one the focus the old one had.
    next_frame(|| {
        let list =
            element_by_id("import-run").and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
        if let Some(list) = list {
            let _ = list.focus();
        }
    });
}

pub(super) fn apply() {
    let Some(fitted) = with_section(|s| {
        s.runs
            .get(s.selected)
            .map(|r| [r.prefill_tokens_per_sec, r.decode_tokens_per_sec, r.wait_secs])
    }) else {
        return;
    };
    let [prefill, decode, fixed] = fitted.map(|x| x.unwrap_or(f64::NAN));
    let Some([queue, held @ ..]) = apply_rates(prefill, decode, fixed) else { return };
    let known = |x: f64| (!x.is_nan()).then_some(x);
    // The page takes the network time it already has off the fixed time: the rest is the queue.
    let wanted = [fitted[0], fitted[1], known(queue)];
    let (mut clamped, mut not_set) = (Vec::new(), Vec::new());
    for ((param, wanted), held) in
        [Param::Prefill, Param::Decode, Param::Wait].into_iter().zip(wanted).zip(held)
    {
        let spec = param.spec();
        match (wanted, known(held)) {
            (Some(value), Some(held)) if value < spec.min || value > spec.max => {
                clamped.push((spec.label, spec.unit, value, held));
            }
            (None, _) => not_set.push(spec.label),
            _ => {}
        }
    }
    show_applied(&applied_text(&clamped, &not_set));
}

/// A download the worker writes for the chosen run: `fit`, `residuals`, or a figure's slug with
/// `.csv` or `.svg`.
pub(super) fn download(what: &str) {
    let Some(id) = selected_id() else { return };
    let (width, height) = canvas(RunFigure::Ttft)
        .map_or((800.0, 400.0), |c| (f64::from(c.client_width()), f64::from(c.client_height())));
    let message: js_sys::Array = [
        JsValue::from("export"),
        JsValue::from_f64(id as f64),
        JsValue::from(what),
        JsValue::from_f64(width),
        JsValue::from_f64(height),
        JsValue::from_bool(dark()),
    ]
    .into_iter()
    .collect();
    client::ask(message, None, |reply| {
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

/// A figure's export button (`<slug>-png`, `-svg` or `-csv`): PNG from the canvas as drawn,
/// SVG and CSV from the worker. Any other id is not an export.
pub(super) fn export_figure(id: &str) {
    let Some((slug, kind)) = id.rsplit_once('-') else { return };
    let Some(figure) = RunFigure::ALL.into_iter().find(|f| f.slug() == slug) else { return };
    match kind {
        "png" => {
            let stem = with_section(|s| {
                s.runs.get(s.selected).map(|r| r.file_stem.clone()).unwrap_or_default()
            });
            if let Some(canvas) = canvas(figure) {
                download_canvas(&format!("{stem}-{slug}.png"), &canvas);
            }
        }
        "svg" | "csv" => download(&format!("{slug}.{kind}")),
        _ => {}
    }
}
