//! Where a label goes on a figure: the first of a few candidate spots, in the order the figure
//! prefers them, whose box stays inside the plot and crosses none of the lines around it. Text
//! is not measured (the SVG export and native tests have no fonts); its width is estimated
//! generously from its length, so a box judged clear is clear on screen too.

use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Which part of a label sits at its anchor, along one direction: its start (left or top), its
/// middle or its end (right or bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    Start,
    Middle,
    End,
}

/// A label's anchor in pixels, and which of its edges or its middle sits there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spot {
    pub x: f64,
    pub y: f64,
    pub h: Edge,
    pub v: Edge,
}

impl Spot {
    pub fn new(x: f64, y: f64, h: Edge, v: Edge) -> Spot {
        Spot { x, y, h, v }
    }

    /// The anchor as plotters positions text.
    pub fn pos(self) -> Pos {
        let h = match self.h {
            Edge::Start => HPos::Left,
            Edge::Middle => HPos::Center,
            Edge::End => HPos::Right,
        };
        let v = match self.v {
            Edge::Start => VPos::Top,
            Edge::Middle => VPos::Center,
            Edge::End => VPos::Bottom,
        };
        Pos::new(h, v)
    }
}

/// A rectangle in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoxPx {
    pub left: f64,
    pub top: f64,
    pub right: f64,
    pub bottom: f64,
}

impl BoxPx {
    fn contains(&self, other: &BoxPx) -> bool {
        other.left >= self.left
            && other.right <= self.right
            && other.top >= self.top
            && other.bottom <= self.bottom
    }

    /// Whether the segment from `a` to `b` passes through the box (Liang–Barsky clipping).
    fn meets(&self, a: (f64, f64), b: (f64, f64)) -> bool {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
        for (p, q) in [
            (-dx, a.0 - self.left),
            (dx, self.right - a.0),
            (-dy, a.1 - self.top),
            (dy, self.bottom - a.1),
        ] {
            if p == 0.0 {
                if q < 0.0 {
                    return false;
                }
            } else {
                let t = q / p;
                if p < 0.0 {
                    t0 = t0.max(t);
                } else {
                    t1 = t1.min(t);
                }
            }
        }
        t0 <= t1
    }

    /// Whether any segment of the polyline `line` passes through the box.
    pub fn crosses(&self, line: &[(f64, f64)]) -> bool {
        match line {
            [only] => self.meets(*only, *only),
            _ => line.windows(2).any(|pair| matches!(pair, [a, b] if self.meets(*a, *b))),
        }
    }
}

/// Estimated width of `text` set at `font_px`: a sans-serif average glyph, rounded up.
pub fn text_width_px(text: &str, font_px: f64) -> f64 {
    text.chars().count() as f64 * font_px * 0.6
}

/// The box `text` at `font_px` takes when anchored at `spot`, with a little air around it.
pub fn label_box(spot: Spot, text: &str, font_px: f64) -> BoxPx {
    let (width, height, air) = (text_width_px(text, font_px), font_px * 1.25, font_px * 0.15);
    let left = match spot.h {
        Edge::Start => spot.x,
        Edge::End => spot.x - width,
        Edge::Middle => spot.x - width / 2.0,
    };
    let top = match spot.v {
        Edge::Start => spot.y,
        Edge::End => spot.y - height,
        Edge::Middle => spot.y - height / 2.0,
    };
    BoxPx {
        left: left - air,
        top: top - air,
        right: left + width + air,
        bottom: top + height + air,
    }
}

/// The first of `spots` whose label box lies inside `inside` and crosses none of `lines`.
pub fn clear_spot(
    spots: &[Spot],
    text: &str,
    font_px: f64,
    lines: &[Vec<(f64, f64)>],
    inside: BoxPx,
) -> Option<Spot> {
    spots.iter().copied().find(|spot| {
        let b = label_box(*spot, text, font_px);
        inside.contains(&b) && !lines.iter().any(|line| b.crosses(line))
    })
}

/// The first of `spots` whose label box lies inside `inside` and crosses none of `lines`; when
/// none is clear, the one inside that crosses the fewest (the earliest of those), and the first
/// spot when none fits inside at all.
pub fn choose(
    spots: &[Spot],
    text: &str,
    font_px: f64,
    lines: &[Vec<(f64, f64)>],
    inside: BoxPx,
) -> Option<Spot> {
    let crossings = |spot: &Spot| {
        let b = label_box(*spot, text, font_px);
        inside.contains(&b).then(|| lines.iter().filter(|line| b.crosses(line)).count())
    };
    let scored: Vec<(usize, Spot)> =
        spots.iter().filter_map(|s| crossings(s).map(|n| (n, *s))).collect();
    // `min_by_key` keeps the first of equal minima: a clear spot (0 crossings) when there is one.
    scored.iter().min_by_key(|(n, _)| *n).map(|(_, s)| *s).or_else(|| spots.first().copied())
}

/// Spots beside a vertical line at `x`, one pair at each of `ys`, `gap` away from it: the
/// preferred side first (right when `right_first`).
pub fn beside_vertical(x: f64, ys: &[f64], gap: f64, right_first: bool) -> Vec<Spot> {
    let mut spots = Vec::with_capacity(ys.len() * 2);
    for &y in ys {
        let right = Spot::new(x + gap, y, Edge::Start, Edge::Middle);
        let left = Spot::new(x - gap, y, Edge::End, Edge::Middle);
        if right_first {
            spots.extend([right, left]);
        } else {
            spots.extend([left, right]);
        }
    }
    spots
}

/// A placed label's box as lines, so later labels keep clear of it too.
pub fn box_lines(b: BoxPx) -> [Vec<(f64, f64)>; 2] {
    let corners = [(b.left, b.top), (b.right, b.top), (b.right, b.bottom), (b.left, b.bottom)];
    [
        corners.iter().copied().chain([(b.left, b.top)]).collect(),
        vec![(b.left, b.top), (b.right, b.bottom)],
    ]
}

/// Where the first of `texts` (the full label, then shorter forms) that has a clear spot goes;
/// when none has, the last (shortest) at the spot crossing the fewest lines. The chosen label's
/// box joins `lines`, so later labels keep off it. Returns the spot and which text.
pub fn place(
    texts: &[&str],
    spots: &[Spot],
    font_px: f64,
    lines: &mut Vec<Vec<(f64, f64)>>,
    inside: BoxPx,
) -> Option<(Spot, usize)> {
    let chosen = texts
        .iter()
        .enumerate()
        .find_map(|(i, text)| clear_spot(spots, text, font_px, lines, inside).map(|s| (s, i)))
        .or_else(|| {
            let last = texts.len().checked_sub(1)?;
            choose(spots, texts.get(last)?, font_px, lines, inside).map(|s| (s, last))
        });
    if let Some((spot, i)) = chosen {
        if let Some(text) = texts.get(i) {
            lines.extend(box_lines(label_box(spot, text, font_px)));
        }
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLOT: BoxPx = BoxPx { left: 0.0, top: 0.0, right: 400.0, bottom: 200.0 };

    #[test]
    fn a_box_knows_the_segments_that_cross_it() {
        let b = BoxPx { left: 10.0, top: 10.0, right: 20.0, bottom: 20.0 };
        assert!(b.crosses(&[(15.0, 0.0), (15.0, 30.0)]), "straight through");
        assert!(b.crosses(&[(0.0, 0.0), (30.0, 30.0)]), "diagonally");
        assert!(!b.crosses(&[(25.0, 0.0), (25.0, 30.0)]), "beside it");
        assert!(!b.crosses(&[(0.0, 30.0), (30.0, 25.0)]), "below it");
        assert!(b.crosses(&[(12.0, 12.0), (13.0, 13.0)]), "wholly inside");
        assert!(!b.crosses(&[]));
    }

    #[test]
    fn a_label_beside_a_vertical_line_moves_to_the_side_the_line_is_not_on() {
        let line = vec![(100.0, 0.0), (100.0, 200.0)];
        let right = Spot::new(104.0, 100.0, Edge::Start, Edge::Middle);
        let left = Spot::new(96.0, 100.0, Edge::End, Edge::Middle);
        // Clear on the right.
        assert_eq!(
            choose(&[right, left], "1 s: flow", 11.0, std::slice::from_ref(&line), PLOT),
            Some(right)
        );
        // A second line just right of the first: the left side is clear.
        let near = vec![(130.0, 0.0), (130.0, 200.0)];
        assert_eq!(choose(&[right, left], "1 s: flow", 11.0, &[line, near], PLOT), Some(left));
    }

    #[test]
    fn a_label_stays_inside_the_plot_and_falls_back_to_the_fewest_crossings() {
        let edge = Spot::new(390.0, 100.0, Edge::Start, Edge::Middle);
        let inside = Spot::new(390.0, 100.0, Edge::End, Edge::Middle);
        assert_eq!(choose(&[edge, inside], "a long label", 12.0, &[], PLOT), Some(inside));
        let everywhere = vec![(0.0, 100.0), (400.0, 100.0)];
        assert_eq!(choose(&[inside], "x", 12.0, &[everywhere], PLOT), Some(inside));
        assert_eq!(choose(&[], "x", 12.0, &[], PLOT), None);
        let across = vec![(0.0, 100.0), (400.0, 100.0)];
        assert_eq!(clear_spot(&[inside], "x", 12.0, &[across], PLOT), None, "no clear spot");
    }

    #[test]
    fn a_label_too_long_for_any_clear_spot_is_shortened_and_then_kept_clear_of() {
        let rule = vec![(100.0, 0.0), (100.0, 200.0)];
        let near = vec![(150.0, 0.0), (150.0, 200.0)];
        let mut lines = vec![rule, near];
        let spots = beside_vertical(100.0, &[100.0], 4.0, true);
        assert_eq!(spots.first().map(|s| s.h), Some(Edge::Start), "right first");
        // The long text crosses the second rule on the right and leaves the plot on the left.
        let wide = BoxPx { left: 40.0, ..PLOT };
        let placed = place(&["1 s: flow unbroken", "1 s"], &spots, 11.0, &mut lines, wide);
        assert_eq!(placed.map(|(_, i)| i), Some(1), "the short form");
        assert_eq!(lines.len(), 4, "its box joined the lines");
        let again = place(&["1 s"], &spots, 11.0, &mut lines, wide);
        assert!(
            again.is_some_and(|(s, _)| s.h == Edge::End),
            "the next label takes the other side"
        );
    }

    #[test]
    fn the_estimated_width_grows_with_the_text_and_the_font() {
        assert!(text_width_px("abcd", 12.0) > text_width_px("abc", 12.0));
        assert!(text_width_px("abc", 16.0) > text_width_px("abc", 12.0));
        let b = label_box(Spot::new(50.0, 50.0, Edge::Middle, Edge::Start), "abcd", 10.0);
        assert!((b.left + b.right) / 2.0 - 50.0 < 1e-9 && b.top < 50.0 && b.bottom > 60.0);
    }
}
