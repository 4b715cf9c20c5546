//! Chart colours for light and dark pages. Contrast against the background is checked by a
//! unit test (text at least 4.5:1, lines and marks at least 3:1).

use plotters::style::RGBColor;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    pub background: RGBColor,
    pub text: RGBColor,
    pub grid: RGBColor,
    pub axis: RGBColor,
    pub wait: RGBColor,
    pub prefill: RGBColor,
    pub decode: RGBColor,
    pub total: RGBColor,
    pub reading: RGBColor,
    pub marker: RGBColor,
    /// Phase bands behind the timeline: pale tints of the phase colours.
    pub wait_band: RGBColor,
    pub prefill_band: RGBColor,
    pub decode_band: RGBColor,
}

impl Palette {
    pub const LIGHT: Palette = Palette {
        background: RGBColor(255, 255, 255),
        text: RGBColor(28, 30, 36),
        grid: RGBColor(229, 231, 235),
        axis: RGBColor(107, 114, 128),
        wait: RGBColor(99, 105, 117),
        prefill: RGBColor(29, 100, 176),
        decode: RGBColor(194, 65, 12),
        total: RGBColor(28, 30, 36),
        reading: RGBColor(21, 128, 61),
        marker: RGBColor(126, 34, 206),
        wait_band: RGBColor(238, 239, 242),
        prefill_band: RGBColor(224, 236, 250),
        decode_band: RGBColor(253, 234, 222),
    };

    pub const DARK: Palette = Palette {
        background: RGBColor(23, 25, 31),
        text: RGBColor(232, 234, 240),
        grid: RGBColor(52, 56, 66),
        axis: RGBColor(148, 155, 170),
        wait: RGBColor(160, 166, 180),
        prefill: RGBColor(96, 165, 250),
        decode: RGBColor(251, 146, 60),
        total: RGBColor(232, 234, 240),
        reading: RGBColor(74, 222, 128),
        marker: RGBColor(200, 160, 255),
        wait_band: RGBColor(38, 41, 50),
        prefill_band: RGBColor(25, 44, 70),
        decode_band: RGBColor(64, 38, 24),
    };
}

/// WCAG relative luminance of an sRGB colour.
pub fn luminance(c: RGBColor) -> f64 {
    let channel = |v: u8| {
        let s = v as f64 / 255.0;
        if s <= 0.04045 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(c.0) + 0.7152 * channel(c.1) + 0.0722 * channel(c.2)
}

/// WCAG contrast ratio between two colours (1 to 21).
pub fn contrast(a: RGBColor, b: RGBColor) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palettes_meet_contrast_minimums() {
        for p in [Palette::LIGHT, Palette::DARK] {
            assert!(contrast(p.text, p.background) >= 4.5);
            for band in [p.background, p.wait_band, p.prefill_band, p.decode_band] {
                assert!(contrast(p.text, band) >= 4.5, "text on band {band:?}");
                for line in [p.wait, p.prefill, p.decode, p.total, p.reading, p.marker, p.axis] {
                    assert!(
                        contrast(line, band) >= 3.0,
                        "{line:?} on {band:?}: {}",
                        contrast(line, band)
                    );
                }
            }
        }
    }

    #[test]
    fn contrast_extremes() {
        assert!((contrast(RGBColor(0, 0, 0), RGBColor(255, 255, 255)) - 21.0).abs() < 1e-9);
        assert!((contrast(RGBColor(9, 9, 9), RGBColor(9, 9, 9)) - 1.0).abs() < 1e-12);
    }
}
