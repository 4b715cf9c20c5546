//! Downloads: a figure as PNG (the canvas as drawn) or SVG (the same drawing code through
//! plotters' SVG backend, so it is vector and matches the screen), and tables as CSV.

use crate::charts::{Figure, Style};
use crate::render::page_backend::PageBackend;
use crate::state::State;
use crate::text::files::file_name;
use plotters::prelude::{IntoDrawingArea, SVGBackend};
use wasm_bindgen::JsCast;

/// Offers `content` for download under `name`.
pub fn download_text(name: &str, mime: &str, content: &str) {
    let parts = js_sys::Array::of1(&content.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else { return };
    click_link(name, &url);
    let _ = web_sys::Url::revoke_object_url(&url);
}

fn click_link(name: &str, href: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let Ok(element) = document.create_element("a") else { return };
    let Ok(link) = element.dyn_into::<web_sys::HtmlAnchorElement>() else { return };
    link.set_href(href);
    link.set_download(name);
    link.click();
}

/// The figure's canvas, exactly as on screen (at the screen's pixel density).
pub fn download_png(figure: Figure, state: &State, canvas: &web_sys::HtmlCanvasElement) {
    if let Ok(data_url) = canvas.to_data_url_with_type("image/png") {
        click_link(&file_name(figure, state, "png"), &data_url);
    }
}

/// Plotters units per SVG user unit: the drawing is made this much larger and the `<svg>`
/// element shown at the real size, so coordinates keep a quarter of a pixel of precision instead
/// of being rounded to whole pixels (which stair-steps shallow straight lines).
const SVG_SUBUNITS: u32 = 4;

/// The figure redrawn as SVG at the canvas's CSS size, in the page's current palette.
pub fn download_svg(figure: Figure, state: &State, style: Style, width_css: u32, height_css: u32) {
    let style = Style { scale: f64::from(SVG_SUBUNITS), ..style };
    match to_svg(figure, state, &style, width_css.max(320), height_css.max(200)) {
        Ok(svg) => download_text(&file_name(figure, state, "svg"), "image/svg+xml", &svg),
        Err(e) => web_sys::console::warn_1(&format!("SVG export failed: {e}").into()),
    }
}

pub fn download_csv(figure: Figure, state: &State) {
    download_text(
        &file_name(figure, state, "csv"),
        "text/csv",
        &figure.inputs(state).table().to_csv(),
    );
}

/// [`Figure::to_svg`] through [`PageBackend`], so the page holds one copy of the drawing code.
fn to_svg(
    figure: Figure,
    state: &State,
    style: &Style,
    width: u32,
    height: u32,
) -> Result<String, String> {
    let mut out = String::new();
    let fine = (width * SVG_SUBUNITS, height * SVG_SUBUNITS);
    {
        let root = PageBackend::Svg(SVGBackend::with_string(&mut out, fine)).into_drawing_area();
        figure.inputs(state).draw(&root, style).map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())?;
    }
    // Shown at the real size; the viewBox keeps the finer coordinates.
    let drawn = format!(r#"width="{}" height="{}""#, fine.0, fine.1);
    let shown = format!(r#"width="{width}" height="{height}""#);
    Ok(out.replacen(&drawn, &shown, 1))
}
