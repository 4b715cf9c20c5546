//! The lesson's first figure as the build writes it into the page, so a reader sees it at once,
//! as a picture, before the wasm has arrived (and without it): drawn at the default state by the
//! same code as the canvas, as SVG, once for each width the page gives a figure on common screens
//! and for each palette. The stylesheet shows the one that fits the screen and the theme
//! (`.sketch` in style/main.css), none when the address asks for other values than the defaults
//! (`data-asked`, set by src/boot.js); the live canvas then takes its place, drawn the same.

use crate::charts::{Palette, Picture, Style};
use crate::state::embed_layout::canvas_height_css;
use crate::state::{Figure, State};

/// The figures drawn into the page: Figure 1, whole on a 1280 × 800 screen's first view.
pub const SKETCHED: [Figure; 1] = [Figure::Timeline];

/// The widths a figure is drawn at, each named for the screens that show it (the stylesheet's
/// media queries): the lesson's figure column on a screen 1,216 px wide or more (74 rem less the
/// controls' column), also shown on screens down to 1,150 px; a width between a 1,024 px
/// screen's column (656) and a 768 px tablet's (736), for the screens from 601 to 1,149 px; and a
/// 390 px phone's. Each is within about a fifth of the width it is shown at. A browser test holds
/// the first and the last to the page's layout.
pub const WIDTHS_CSS: [(&str, u32); 3] = [("wide", 848), ("medium", 640), ("narrow", 358)];

/// The palettes, each named for the theme that shows it.
pub const THEMES: [(&str, Palette); 2] = [("light", Palette::LIGHT), ("dark", Palette::DARK)];

/// One drawing of a figure: its classes (`sketch`, its width's name and its theme's) and the
/// SVG document.
#[derive(Clone, Debug)]
pub struct Sketch {
    pub class: String,
    pub svg: String,
}

/// `picture` drawn at every width in every palette, at the height the canvas takes at that
/// width. A drawing that fails is left out (the stand-in's words then show for it).
pub fn sketches<P: Picture>(picture: &P) -> Vec<Sketch> {
    WIDTHS_CSS
        .iter()
        .flat_map(|&(screen, width_css)| {
            THEMES.iter().filter_map(move |&(theme, palette)| {
                let svg = drawing(picture, width_css, palette).ok()?;
                Some(Sketch { class: format!("sketch {screen} {theme}"), svg })
            })
        })
        .collect()
}

/// `picture` as SVG `width_css` wide in `palette`, at the height the canvas takes at that width.
fn drawing<P: Picture>(picture: &P, width_css: u32, palette: Palette) -> Result<String, String> {
    let height_css = canvas_height_css(f64::from(width_css)).round() as u32;
    crate::render::svg::picture_svg(picture, Style { scale: 1.0, palette }, width_css, height_css)
}

/// The widths an embedded figure is drawn at for a frame's first view (`site::embed_sketches`):
/// the canvas's width in a frame, its sides taken off, from a small phone's (a 360 px frame
/// gives 344) to a wide docs column's. `boot.js` shows the one nearest the frame's canvas,
/// scaled to it; neighbours are about a quarter apart, so a drawing is shown within about a
/// ninth of its own size, and its text at 11 to 12 px within that.
pub const EMBED_WIDTHS_CSS: [u32; 6] = [344, 440, 560, 700, 880, 1100];

/// One figure drawn for an embed's frame: which figure, at which width, in which palette.
#[derive(Clone, Debug)]
pub struct EmbedSketch {
    pub figure: Figure,
    pub width_css: u32,
    pub theme: &'static str,
    pub svg: String,
}

/// Every figure a frame can show, at the defaults (an address with no values in it), drawn at
/// every embed width in both palettes.
pub fn embed_sketches() -> Result<Vec<EmbedSketch>, String> {
    let state = State::default();
    let mut drawn = Vec::new();
    for figure in Figure::ALL {
        let inputs = figure.inputs(&state);
        for width_css in EMBED_WIDTHS_CSS {
            for (theme, palette) in THEMES {
                let svg = drawing(&inputs, width_css, palette)
                    .map_err(|e| format!("{} at {width_css} px: {e}", figure.slug()))?;
                drawn.push(EmbedSketch { figure, width_css, theme, svg });
            }
        }
    }
    Ok(drawn)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_figure_is_drawn_at_every_width_in_both_palettes_at_the_canvas_height() {
        let drawn = sketches(&Figure::Timeline.inputs(&State::default()));
        assert_eq!(drawn.len(), WIDTHS_CSS.len() * THEMES.len());
        let widths = WIDTHS_CSS.iter().flat_map(|&w| THEMES.iter().map(move |_| w));
        for (sketch, (screen, width)) in drawn.iter().zip(widths) {
            assert!(sketch.class.starts_with(&format!("sketch {screen} ")), "{}", sketch.class);
            let height = canvas_height_css(f64::from(width)).round();
            let size = format!(r#"<svg width="{width}" height="{height}" viewBox="0 0 "#);
            assert!(sketch.svg.starts_with(&size), "{}", &sketch.svg[..80]);
            // The text is drawn at the canvas's sizes (11 and 12 px), not plotters' SVG's fifth
            // smaller: the viewBox is in finer units than the shown size.
            let fine =
                sketch.svg[size.len()..].split(' ').next().and_then(|w| w.parse::<f64>().ok());
            let per_px = fine.unwrap() / f64::from(width);
            for font in sketch.svg.split("font-size=\"").skip(1) {
                let px =
                    font.split('"').next().and_then(|f| f.parse::<f64>().ok()).unwrap() / per_px;
                assert!((11.0..=12.0).contains(&px), "{px} px text");
            }
            assert!(sketch.svg.contains("streamed"));
        }
        let light = &drawn[0].svg;
        let dark = &drawn[1].svg;
        assert!(drawn[1].class.ends_with(" dark") && light != dark);
    }

    #[test]
    fn the_stylesheet_shows_each_drawing_for_its_screen_and_theme() {
        let css = include_str!("../../style/main.css");
        for (screen, _) in WIDTHS_CSS {
            for (theme, _) in THEMES {
                assert!(css.contains(&format!(".sketch.{screen}.{theme}")), "{screen} {theme}");
            }
        }
    }

    #[test]
    fn every_figure_is_drawn_for_frames_at_every_embed_width_in_both_palettes() {
        let drawn = embed_sketches().unwrap();
        assert_eq!(drawn.len(), Figure::ALL.len() * EMBED_WIDTHS_CSS.len() * THEMES.len());
        for sketch in &drawn {
            let height = canvas_height_css(f64::from(sketch.width_css)).round();
            let size = format!(r#"<svg width="{}" height="{height}" viewBox="#, sketch.width_css);
            assert!(sketch.svg.starts_with(&size), "{:?}: {}", sketch.figure, &sketch.svg[..80]);
        }
        for pair in drawn.chunks(2) {
            assert_eq!((pair[0].theme, pair[1].theme), ("light", "dark"));
            assert_ne!(pair[0].svg, pair[1].svg, "{:?} differs by palette", pair[0].figure);
        }
        // Neighbouring widths are about a quarter apart, so the nearest is within about a ninth.
        for pair in EMBED_WIDTHS_CSS.windows(2) {
            let ratio = f64::from(pair[1]) / f64::from(pair[0]);
            assert!((1.2..=1.3).contains(&ratio), "{pair:?}");
        }
    }
}
