//! Step 9b: the embedded figures drawn at their defaults, beside the embed's page.
//!
//! A frame shows nothing of its figure until its wasm has arrived, which on a phone's line is
//! seconds. The figure at its defaults (an address with no values in it, as most snippets are)
//! is known at build time: this step draws every figure at a few widths in both palettes
//! (`render::sketch::embed_sketches`, the canvas's own drawing code through SVG) into a folder
//! named by its content, and writes a `<meta>` naming the folder and the widths into the embed's
//! page. `boot.js` then shows the one drawing that fits the frame where the canvas will be, and
//! the page removes it once the canvas is drawn. A reader fetches one drawing, beside the wasm.
//! The drawings are images: a browser runs no script in an SVG shown by `<img>`, and the
//! Content-Security-Policy's `img-src 'self'` admits them.

use super::content_hash::content_name;
use super::folder::Folder;
use super::markup::with_meta;
use crate::render::sketch::{EmbedSketch, EMBED_WIDTHS_CSS};
use crate::shared_names::files::{SKETCHES, SKETCHES_META, SKETCH_WIDTHS};

/// The file of one drawing in the folder: `<figure>-<width>-<theme>.svg`, as `boot.js` names it.
fn file_name(sketch: &EmbedSketch) -> String {
    format!("{}-{}-{}.svg", sketch.figure.slug(), sketch.width_css, sketch.theme)
}

/// Puts `sketches` in `folder` under a folder named by all of them, and returns `embed_page`
/// with the `<meta>` that names it and the widths.
pub fn place(
    embed_page: &str,
    sketches: &[EmbedSketch],
    folder: &mut Folder,
) -> Result<String, String> {
    if sketches.is_empty() {
        return Err("no figure was drawn for the embed's frames".into());
    }
    let files: Vec<(String, &str)> =
        sketches.iter().map(|s| (file_name(s), s.svg.as_str())).collect();
    let everything: Vec<u8> = files
        .iter()
        .flat_map(|(name, svg)| [name.as_bytes(), b"\0", svg.as_bytes(), b"\0"])
        .flatten()
        .copied()
        .collect();
    let dir = content_name(SKETCHES, &everything, "");
    for (name, svg) in files {
        folder.put(&format!("{dir}/{name}"), svg, &[]);
    }
    let widths: Vec<String> = EMBED_WIDTHS_CSS.iter().map(u32::to_string).collect();
    let attributes = format!("content=\"./{dir}/\" {SKETCH_WIDTHS}=\"{}\"", widths.join(" "));
    with_meta(embed_page, SKETCHES_META, &attributes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Figure;

    fn sketch(figure: Figure, width_css: u32, theme: &'static str, svg: &str) -> EmbedSketch {
        EmbedSketch { figure, width_css, theme, svg: svg.to_string() }
    }

    #[test]
    fn the_drawings_go_in_a_folder_named_by_them_which_the_page_names_with_the_widths() {
        let drawn = [
            sketch(Figure::Timeline, 344, "light", "<svg>a</svg>"),
            sketch(Figure::Crossing, 1100, "dark", "<svg>b</svg>"),
        ];
        let mut folder = Folder::default();
        let page = place("<html><head></head><body></body></html>", &drawn, &mut folder).unwrap();
        let names: Vec<&str> = folder.names().collect();
        assert_eq!(names.len(), 2, "{names:?}");
        let dir = names[0].split('/').next().unwrap();
        assert!(dir.starts_with("sketches-") && dir.len() == "sketches-".len() + 16, "{dir}");
        assert_eq!(folder.text(&format!("{dir}/timeline-344-light.svg")), Ok("<svg>a</svg>"));
        assert_eq!(folder.text(&format!("{dir}/crossing-1100-dark.svg")), Ok("<svg>b</svg>"));
        let meta = format!(
            "<meta name=\"crossover-sketches\" content=\"./{dir}/\" data-widths=\"344 440 560 700 880 1100\"></head>"
        );
        assert!(page.contains(&meta), "{page}");
        assert!(place(&page, &drawn, &mut folder).unwrap_err().contains("twice"));
    }

    #[test]
    fn another_drawing_is_another_folder() {
        let mut one = Folder::default();
        let mut two = Folder::default();
        place("<head></head>", &[sketch(Figure::Bend, 344, "light", "<svg>a</svg>")], &mut one)
            .unwrap();
        place("<head></head>", &[sketch(Figure::Bend, 344, "light", "<svg>c</svg>")], &mut two)
            .unwrap();
        assert_ne!(one.names().next(), two.names().next());
    }

    #[test]
    fn nothing_drawn_is_refused() {
        assert!(place("<head></head>", &[], &mut Folder::default()).is_err());
    }
}
