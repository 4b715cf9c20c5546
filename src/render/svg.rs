//! A figure as an SVG document, drawn by the same code as the canvas through [`PageBackend`]:
//! for the SVG download, and for the figure the build writes into the page before the wasm
//! arrives (`sketch`).

use crate::charts::{Picture, Style};
use crate::render::page_backend::PageBackend;
use plotters::prelude::{IntoDrawingArea, SVGBackend};

/// Plotters units per SVG user unit: the drawing is made this much larger and the `<svg>`
/// element shown at the real size, so coordinates keep a quarter of a pixel of precision instead
/// of being rounded to whole pixels (which stair-steps shallow straight lines).
const SVG_SUBUNITS: u32 = 4;

/// `picture` as an SVG document `width_css` × `height_css` pixels, drawn in `style` (whose
/// scale is how much larger than on the page it draws: 1 on the page, more in a presentation).
pub fn picture_svg<P: Picture>(
    picture: &P,
    style: Style,
    width_css: u32,
    height_css: u32,
) -> Result<String, String> {
    let style = Style { scale: f64::from(SVG_SUBUNITS) * style.scale, ..style };
    let mut out = String::new();
    let fine = (width_css * SVG_SUBUNITS, height_css * SVG_SUBUNITS);
    {
        let root = PageBackend::Svg(SVGBackend::with_string(&mut out, fine)).into_drawing_area();
        picture.picture(&root, &style).map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())?;
    }
    // Shown at the real size; the viewBox keeps the finer coordinates.
    let drawn = format!(r#"width="{}" height="{}""#, fine.0, fine.1);
    let shown = format!(r#"width="{width_css}" height="{height_css}""#);
    Ok(out.replacen(&drawn, &shown, 1))
}
