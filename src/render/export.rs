//! Downloads: a figure as PNG (the canvas as drawn) or SVG (the same drawing code through
//! plotters' SVG backend, so it is vector and matches the screen), and tables as CSV.

use crate::charts::{Figure, Style};
use crate::render::svg::picture_svg;
use crate::state::State;
use crate::text::figure_csv::figure_csv;
use crate::text::files::file_name;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// How long a download's blob URL stays valid. Revoked at once after the click, the download
/// can be cut off in browsers that start reading the blob only after the click returns;
/// revoked never, the file's bytes stay in memory until the page closes.
const REVOKE_AFTER_MS: i32 = 60_000;

/// Offers `content` for download under `name`.
pub fn download_text(name: &str, mime: &str, content: &str) {
    let parts = js_sys::Array::of1(&content.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    if let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) {
        offer_blob(name, &blob);
    }
}

/// Saves `blob` under `name` through a blob URL, revoked once the download has surely begun.
pub fn download_blob(name: &str, blob: &web_sys::Blob) {
    offer_blob(name, blob);
}

fn offer_blob(name: &str, blob: &web_sys::Blob) {
    let Ok(url) = web_sys::Url::create_object_url_with_blob(blob) else { return };
    click_link(name, &url);
    let revoke = Closure::once_into_js(move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    });
    if let Some(window) = web_sys::window() {
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
            revoke.unchecked_ref(),
            REVOKE_AFTER_MS,
        );
    }
}

fn click_link(name: &str, href: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let Ok(element) = document.create_element("a") else { return };
    let Ok(link) = element.dyn_into::<web_sys::HtmlAnchorElement>() else { return };
    link.set_href(href);
    link.set_download(name);
    link.click();
}

/// The figure's canvas, exactly as on screen (at the screen's pixel density). The PNG is
/// encoded off the main thread by `toBlob`, where a data URL would be a base64 copy of it in a
/// string several megabytes long on a large screen.
pub fn download_png(figure: Figure, state: &State, canvas: &web_sys::HtmlCanvasElement) {
    download_canvas(&file_name(figure, state, "png"), canvas);
}

/// A canvas as drawn, as a PNG file named `name`.
pub fn download_canvas(name: &str, canvas: &web_sys::HtmlCanvasElement) {
    let name = name.to_string();
    // `toBlob` hands over a Blob, or null when the canvas cannot be encoded.
    let save = Closure::once_into_js(move |blob: JsValue| {
        if !blob.is_null() {
            offer_blob(&name, blob.unchecked_ref());
        }
    });
    let _ = canvas.to_blob_with_type(save.unchecked_ref(), "image/png");
}

/// The figure redrawn as SVG at the canvas's CSS size, in the page's current palette. `style`'s
/// scale is the figure's zoom on screen (1 on the page, more in a presentation).
pub fn download_svg(figure: Figure, state: &State, style: Style, width_css: u32, height_css: u32) {
    match picture_svg(&figure.inputs(state), style, width_css.max(320), height_css.max(200)) {
        Ok(svg) => download_text(&file_name(figure, state, "svg"), "image/svg+xml", &svg),
        Err(e) => web_sys::console::warn_1(&format!("SVG export failed: {e}").into()),
    }
}

pub fn download_csv(figure: Figure, state: &State) {
    download_text(&file_name(figure, state, "csv"), "text/csv", &figure_csv(figure, state));
}
