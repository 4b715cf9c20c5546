//! The compact embed's geometry, in CSS pixels. The stylesheet gives each part of an embedded
//! figure a fixed height (caption line, control rows, the menu bar) so that its whole height
//! follows from its width and how many controls it shows. The snippet uses that to give the
//! frame its height before the page inside has loaded, and the canvas uses the same rule for
//! its own height; `style/main.css` holds the same numbers under `.single.embed`.

/// A figure's canvas height for its width: wide on desktops, taller than a strip on phones.
pub fn canvas_height_css(width_css: f64) -> f64 {
    (width_css * CANVAS_SHARE).clamp(CANVAS_MIN_PX, CANVAS_MAX_PX)
}

/// The canvas's height as a share of its width, and the least and most it may be.
pub const CANVAS_SHARE: f64 = 0.42;
pub const CANVAS_MIN_PX: f64 = 240.0;
pub const CANVAS_MAX_PX: f64 = 400.0;

/// The page's side padding inside a frame (`:root[data-embed] body`).
pub const SIDE_PX: f64 = 8.0;
/// Space above and below the figure (`.single.embed`).
pub const PAD_Y_PX: f64 = 8.0;
/// The caption on one line and the space under it, in a frame at least
/// [`NARROW_FRAME_PX`] wide.
pub const CAPTION_PX: f64 = 28.0;
/// The caption on two lines and the space under it, in a narrower frame: every title fits two
/// lines of a phone's width, and a title is never cut.
pub const CAPTION_NARROW_PX: f64 = 44.0;
/// Frames narrower than this give the caption two lines (the stylesheet's media query).
pub const NARROW_FRAME_PX: f64 = 576.0;
/// The gap above the controls and between their rows and columns.
pub const GAP_PX: f64 = 8.0;
/// One control: its name, with room for two lines so that no name is cut, and its slider and
/// typed field on the line under it.
pub const CONTROL_PX: f64 = 58.0;
/// The narrowest a control's column gets before the grid drops a column.
pub const CONTROL_MIN_WIDTH_PX: f64 = 170.0;
/// The bar under the controls: the menu's button and the link to the full page.
pub const BAR_PX: f64 = 40.0;
/// The player under a figure that plays (`state::playback`): its bar and the answers' bubbles.
pub const PLAYER_PX: f64 = 122.0;

/// How many columns of controls fit `content_css` pixels: as many as keep each at least
/// [`CONTROL_MIN_WIDTH_PX`] wide, as CSS `repeat(auto-fill, minmax(…))` counts them.
pub fn control_columns(content_css: f64) -> usize {
    let columns = ((content_css + GAP_PX) / (CONTROL_MIN_WIDTH_PX + GAP_PX)).floor();
    if columns.is_finite() && columns >= 1.0 {
        columns as usize
    } else {
        1
    }
}

/// The height of an embedded figure in a frame `frame_css` pixels wide, with `controls`
/// controls, the caption shown or not and a player under it or not, as long as no notice, open
/// menu or error message adds to it.
pub fn embed_height_css(frame_css: f64, controls: usize, caption: bool, plays: bool) -> f64 {
    let content = (frame_css - 2.0 * SIDE_PX).max(1.0);
    let rows = controls.div_ceil(control_columns(content)) as f64;
    let controls_px =
        if rows > 0.0 { GAP_PX + rows * CONTROL_PX + (rows - 1.0) * GAP_PX } else { 0.0 };
    let caption_px = match (caption, frame_css < NARROW_FRAME_PX) {
        (false, _) => 0.0,
        (true, false) => CAPTION_PX,
        (true, true) => CAPTION_NARROW_PX,
    };
    let player_px = if plays { PLAYER_PX } else { 0.0 };
    2.0 * PAD_Y_PX + caption_px + canvas_height_css(content) + player_px + controls_px + BAR_PX
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Figure;

    #[test]
    fn controls_sit_three_abreast_in_a_docs_column_and_two_on_a_phone() {
        assert_eq!(control_columns(700.0 - 2.0 * SIDE_PX), 3);
        assert_eq!(control_columns(390.0 - 2.0 * SIDE_PX), 2);
        assert_eq!(control_columns(100.0), 1);
        assert_eq!(control_columns(f64::NAN), 1);
    }

    #[test]
    fn every_figure_with_its_own_controls_fits_the_issue_heights() {
        for figure in Figure::ALL {
            let n = figure.own_controls().len();
            let plays = crate::state::playback::plays(figure);
            let wide = embed_height_css(700.0, n, true, plays);
            let narrow = embed_height_css(390.0, n, true, plays);
            assert!(wide <= 640.0, "{}: {wide} px at 700 px wide", figure.slug());
            assert!(narrow <= 760.0, "{}: {narrow} px at 390 px wide", figure.slug());
        }
    }

    #[test]
    fn no_controls_and_no_caption_leave_the_figure_and_its_bar() {
        let bare = embed_height_css(700.0, 0, false, false);
        assert_eq!(bare, 2.0 * PAD_Y_PX + canvas_height_css(684.0) + BAR_PX);
        assert!(embed_height_css(700.0, 4, true, false) > embed_height_css(700.0, 3, true, false));
        assert_eq!(embed_height_css(700.0, 0, false, true), bare + PLAYER_PX);
    }
}
