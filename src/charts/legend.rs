//! A legend strip above a figure. Drawn by hand rather than with plotters' series labels: it
//! never covers the data, it wraps on narrow screens, and it places text by estimated width
//! instead of asking the browser to measure every label.

use super::{DrawResult, Style};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LegendItem {
    pub name: &'static str,
    pub color: RGBColor,
    pub dashed: bool,
}

const FONT_CSS_PX: f64 = 12.0;
const ROW_CSS_PX: f64 = 20.0;
const SWATCH_CSS_PX: f64 = 18.0;
const GAP_CSS_PX: f64 = 16.0;

/// Width of a label in CSS pixels, from an average glyph width for sans-serif text. Generous
/// enough that neighbours never touch.
fn text_width_css(text: &str) -> f64 {
    text.chars().count() as f64 * FONT_CSS_PX * 0.56
}

fn item_width_css(item: &LegendItem) -> f64 {
    SWATCH_CSS_PX + 6.0 + text_width_css(item.name) + GAP_CSS_PX
}

/// Rows needed at this width, so the caller can reserve the strip before drawing the plot.
pub fn height(items: &[LegendItem], width_px: u32, style: &Style) -> u32 {
    let width_css = width_px as f64 / style.scale - 16.0;
    let mut rows = 1;
    let mut x = 0.0;
    for item in items {
        let w = item_width_css(item);
        if x > 0.0 && x + w > width_css {
            rows += 1;
            x = 0.0;
        }
        x += w;
    }
    style.px(ROW_CSS_PX * rows as f64 + 8.0)
}

/// Splits the legend strip off the top of `area`, draws it, and returns the rest for the plot.
pub fn draw_above<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    items: &[LegendItem],
    style: &Style,
) -> Result<DrawingArea<DB, Shift>, DrawingAreaErrorKind<DB::ErrorType>> {
    let (width, _) = area.dim_in_pixel();
    let (strip, rest) = area.split_vertically(height(items, width, style));
    draw(&strip, items, style)?;
    Ok(rest)
}

fn draw<DB: DrawingBackend>(
    strip: &DrawingArea<DB, Shift>,
    items: &[LegendItem],
    style: &Style,
) -> DrawResult<DB> {
    let (width, _) = strip.dim_in_pixel();
    let s = style.scale;
    let left = 12.0 * s;
    let mut x = left;
    let mut y = (ROW_CSS_PX / 2.0 + 6.0) * s;
    for item in items {
        let w = item_width_css(item) * s;
        if x > left && x + w > width as f64 - 4.0 * s {
            x = left;
            y += ROW_CSS_PX * s;
        }
        let stroke = item.color.stroke_width(style.px(3.0));
        let (x0, x1, yi) = (x as i32, (x + SWATCH_CSS_PX * s) as i32, y as i32);
        if item.dashed {
            let third = (x1 - x0) / 3;
            strip.draw(&PathElement::new(vec![(x0, yi), (x0 + third, yi)], stroke))?;
            strip.draw(&PathElement::new(vec![(x1 - third, yi), (x1, yi)], stroke))?;
        } else {
            strip.draw(&PathElement::new(vec![(x0, yi), (x1, yi)], stroke))?;
        }
        let font = style.font(FONT_CSS_PX).pos(Pos::new(HPos::Left, VPos::Center));
        strip.draw(&Text::new(item.name, ((x + (SWATCH_CSS_PX + 6.0) * s) as i32, yi), font))?;
        x += w;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::Palette;

    fn items() -> Vec<LegendItem> {
        let p = Palette::LIGHT;
        vec![
            LegendItem { name: "prefill (reading the prompt)", color: p.prefill, dashed: false },
            LegendItem { name: "decode (writing the answer)", color: p.decode, dashed: false },
            LegendItem { name: "total", color: p.total, dashed: true },
        ]
    }

    #[test]
    fn wraps_on_narrow_figures() {
        let style = Style::default();
        let wide = height(&items(), 900, &style);
        let narrow = height(&items(), 300, &style);
        assert!(narrow > wide, "{narrow} vs {wide}");
        let doubled = height(&items(), 1800, &Style { scale: 2.0, ..style });
        assert_eq!(doubled, wide * 2);
    }
}
