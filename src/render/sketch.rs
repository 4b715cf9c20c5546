//! The lesson's first figure as the build writes it into the page, so a reader sees it at once,
//! as a picture, before the wasm has arrived (and without it): drawn at the default state by the
//! same code as the canvas, as SVG, once for each width the page gives a figure on common screens
//! and for each palette. The stylesheet shows the one that fits the screen and the theme
//! (`.sketch` in style/main.css), none when the address asks for other values than the defaults
//! (`data-asked`, set by src/boot.js); the live canvas then takes its place, drawn the same.

use crate::charts::{Palette, Picture, Style};
use crate::state::embed_layout::canvas_height_css;
use crate::state::Figure;

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
            let height_css = canvas_height_css(f64::from(width_css)).round() as u32;
            THEMES.iter().filter_map(move |&(theme, palette)| {
                let style = Style { scale: 1.0, palette };
                let svg = crate::render::svg::picture_svg(picture, style, width_css, height_css);
                svg.ok().map(|svg| Sketch { class: format!("sketch {screen} {theme}"), svg })
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::State;

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
}
