//! Figure 4, the roofline: the arithmetic a chip can sustain against the work each byte read
//! brings (arithmetic intensity, FLOP per byte), on log axes. The roof climbs with bandwidth up
//! to the ridge and is flat at peak arithmetic beyond it; prefill and decode are points on it.
//! Two roofs are drawn: the data sheet's peak, and the one the chosen efficiencies reach, which
//! is the one the rates come from and whose bend divides the memory-bound side from the
//! compute-bound side.

use super::label::{Edge, Spot};
use super::legend::LegendItem;
use super::plane::{draw_axes, Axes, Layout, Plane, Scale};
use super::table::{Cell, DataTable};
use super::{backdrop, draw_if_clear, draw_placed, draw_region_name, log_dashes};
use super::{Chart, DrawResult, Palette, Style};
use crate::format;
use crate::model::roofline::Serving;
use crate::state::{Figure, Param, State};
use plotters::coord::Shift;
use plotters::prelude::*;

const TERA: f64 = 1e12;

/// Exactly what Figure 4 is drawn from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RooflineInputs {
    pub serving: Serving,
    /// The lesson's prompt, whose prefill is the figure's second point.
    pub prompt_tokens: f64,
}

impl Chart for RooflineInputs {
    type Input = State;

    fn of(state: &State) -> RooflineInputs {
        RooflineInputs { serving: state.serving(), prompt_tokens: state.get(Param::Prompt) }
    }

    #[inline(never)] // see `Chart`
    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
    ) -> DrawResult<DB> {
        let points = Points::of(self);
        let scales = Scales::of(&points);
        let layout = Layout::figure(style, 64.0);
        let chart = backdrop(area, &legend(&style.palette), scales.plane(), layout, style)?;
        sides(&chart, &scales, &points, &style.palette)?;
        axes(&chart, style)?;
        roofs(&chart, &scales, &points, style)?;
        marks(&chart, &points, style)?;
        let mut taken = obstacles(chart.as_coord_spec(), &scales, &points);
        // The setting before the points' labels: a narrow figure has one place for it, and
        // the labels have several.
        setting_name(&chart, &self.serving, style, &mut taken)?;
        labels(&chart, &points, style, &mut taken)?;
        side_names(&chart, &scales, &points, style, &mut taken)
    }

    fn summary(&self) -> String {
        let p = Points::of(self);
        let s = &self.serving;
        format!(
            "Attainable arithmetic against arithmetic intensity (FLOP done per byte read from \
             memory), on log scales, for {}. The roof climbs with bandwidth and levels off at {} \
             ({} at the data sheet's peak), bending at {} FLOP per byte (the chip's own ridge, \
             peak arithmetic over bandwidth, is {}). Decode, {}, does {} FLOP per byte: {}, at \
             {}. Prefilling a prompt of {} does {}: {}, at {}.",
            caption_setting(s),
            tflops(p.reached_flops),
            tflops(p.peak_flops),
            format::three_figures(p.reached_ridge),
            format::three_figures(p.ridge),
            sequences(s.batch),
            format::three_figures(p.decode.0),
            bound_word(p.decode.0, p.reached_ridge),
            tflops(p.decode.1),
            format::tokens(self.prompt_tokens),
            format::three_figures(p.prefill.0),
            bound_word(p.prefill.0, p.reached_ridge),
            tflops(p.prefill.1),
        )
    }

    /// The points the figure marks, with their intensity, attainable arithmetic and limit.
    fn table(&self) -> DataTable {
        let p = Points::of(self);
        let prompt = format!("prefill, prompt of {}", format::tokens(self.prompt_tokens));
        let decode = format!("decode, {}", sequences(self.serving.batch));
        let rows = [
            (decode.as_str(), p.decode, Some(bound_word(p.decode.0, p.reached_ridge))),
            (prompt.as_str(), p.prefill, Some(bound_word(p.prefill.0, p.reached_ridge))),
            ("ridge at these efficiencies", (p.reached_ridge, p.reached_flops), None),
            ("ridge at the data sheet's peak", (p.ridge, p.peak_flops), None),
        ];
        let rows = rows
            .into_iter()
            .map(|(name, (x, y), limit)| {
                vec![
                    Cell::text(name),
                    Cell::number(x, format::three_figures(x)),
                    Cell::number(y, tflops(y)),
                    Cell::text(limit.unwrap_or("where the two limits meet")),
                ]
            })
            .collect();
        DataTable {
            caption: format!(
                "{} as a table: {}",
                Figure::Roofline.name(),
                caption_setting(&self.serving)
            ),
            headers: vec!["point", "intensity|FLOP/byte", "attainable|FLOP/s", "limited by"],
            rows,
            current_row: None,
        }
    }
}

/// The setting in a few words: "Llama 3.1 8B, bf16 weights, 1 × A100".
fn caption_setting(s: &Serving) -> String {
    format!(
        "{}, {} weights, {} × {}",
        s.llm.name,
        s.weights.label(),
        format::with_separators(Serving::CHIPS.hold(s.chips), 0),
        s.chip.short_name
    )
}

/// What the roof is drawn for, as two lines: the model and the chips, then the precisions of
/// its weights and its cache. The figure alone (embedded, or saved as a picture) must still say
/// them.
fn setting_lines(s: &Serving) -> [String; 2] {
    let chips = format::with_separators(Serving::CHIPS.hold(s.chips), 0);
    [
        format!("{}, {chips} × {}", s.llm.name, s.chip.short_name),
        format!("{} weights, {} cache", s.weights.label(), s.kv.label()),
    ]
}

/// The setting written in the plot's lower right corner, under the compute-bound roof, where
/// no mark or label sits.
fn setting_name<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    serving: &Serving,
    style: &Style,
    lines: &mut Vec<Vec<(f64, f64)>>,
) -> DrawResult<DB> {
    let plot = chart.as_coord_spec().plot_box();
    // A line apart: a label's box is its height and a little air above and below.
    let (inset, line) = (6.0 * style.scale, 18.0 * style.scale);
    let [model, precisions] = setting_lines(serving);
    let (right, bottom) = (plot.right - inset, plot.bottom - inset);
    for (text, y) in [(precisions, bottom), (model, bottom - line)] {
        let spot = Spot::new(right, y, Edge::End, Edge::End);
        draw_if_clear(chart, &[&text], &[spot], plot, (11.0, style.palette.text), style, lines)?;
    }
    Ok(())
}

fn sequences(batch: f64) -> String {
    let n = format::with_separators(Serving::BATCH.hold(batch), 0);
    if n == "1" {
        "one sequence".to_string()
    } else {
        format!("{n} sequences")
    }
}

fn tflops(flops_per_sec: f64) -> String {
    format!("{} TFLOP/s", format::three_figures(flops_per_sec / TERA))
}

/// Which limit a point at `intensity` meets on the reached roof.
fn bound_word(intensity: f64, reached_ridge: f64) -> &'static str {
    if intensity > reached_ridge {
        "compute-bound"
    } else {
        "memory-bound"
    }
}

/// The numbers every step reads: the two points (intensity, attainable FLOP/s) and both roofs'
/// bends.
struct Points {
    serving: Serving,
    decode: (f64, f64),
    prefill: (f64, f64),
    ridge: f64,
    peak_flops: f64,
    reached_ridge: f64,
    reached_flops: f64,
}

impl Points {
    fn of(inputs: &RooflineInputs) -> Points {
        let s = inputs.serving;
        let on_roof = |x: f64| (x, s.reached_roof_flops_per_sec(x));
        let peak_flops = s.chip_flops_per_sec();
        let reached_ridge = s.reached_ridge_flop_per_byte();
        Points {
            serving: s,
            decode: on_roof(s.decode_intensity_flop_per_byte()),
            prefill: on_roof(s.prefill_intensity_flop_per_byte(inputs.prompt_tokens)),
            ridge: s.ridge_flop_per_byte(),
            peak_flops,
            reached_ridge,
            reached_flops: s.reached_roof_flops_per_sec(reached_ridge),
        }
    }
}

/// Both axes, log: intensity from well left of the lowest point or bend to well right of the
/// highest, at least four decades; arithmetic from under the roof at the left edge to over the
/// peak, so the labels above the flat roof have room.
struct Scales {
    x_lo: f64,
    x_hi: f64,
    y_lo: f64,
    y_hi: f64,
}

impl Scales {
    fn of(p: &Points) -> Scales {
        let xs = [p.decode.0, p.prefill.0, p.ridge, p.reached_ridge];
        let least = xs.iter().copied().fold(f64::INFINITY, f64::min);
        let most = xs.iter().copied().fold(0.0, f64::max);
        let x_lo = (least / 4.0).max(1e-9);
        let x_hi = (most * 4.0).max(x_lo * 1e4);
        let y_hi = p.peak_flops * 6.0;
        let y_lo = (p.serving.reached_roof_flops_per_sec(x_lo) / 2.0).min(y_hi / 1e4).max(1.0);
        Scales { x_lo, x_hi, y_lo, y_hi }
    }

    fn plane(&self) -> (Scale, Scale) {
        (Scale::Log(self.x_lo, self.x_hi), Scale::Log(self.y_lo, self.y_hi))
    }
}

/// A roof from the left edge to the right, bending at `(ridge, flat)`.
fn roof(scales: &Scales, ridge: f64, flat: f64) -> Vec<(f64, f64)> {
    let slope = flat / ridge;
    vec![(scales.x_lo, scales.x_lo * slope), (ridge, flat), (scales.x_hi, flat)]
}

fn legend(p: &Palette) -> [LegendItem; 4] {
    [
        LegendItem { name: "roof at these efficiencies", color: p.total, dashed: false },
        LegendItem { name: "roof at the data sheet's peak", color: p.axis, dashed: true },
        LegendItem { name: "prefill", color: p.prefill, dashed: false },
        LegendItem { name: "decode", color: p.decode, dashed: false },
    ]
}

/// The memory-bound side tinted as decode's phase is, the compute-bound side as prefill's.
fn sides<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    scales: &Scales,
    points: &Points,
    p: &Palette,
) -> DrawResult<DB> {
    let split = points.reached_ridge.clamp(scales.x_lo, scales.x_hi);
    let (lo, hi) = (scales.y_lo, scales.y_hi);
    chart.draw(&Rectangle::new([(scales.x_lo, lo), (split, hi)], p.decode_band.filled()))?;
    chart.draw(&Rectangle::new([(split, lo), (scales.x_hi, hi)], p.prefill_band.filled()))
}

fn axes<DB: DrawingBackend>(chart: &DrawingArea<DB, Plane>, style: &Style) -> DrawResult<DB> {
    let axes = Axes {
        x_desc: "FLOP per byte read (log scale)",
        y_desc: "TFLOP/s (log scale)",
        x_ticks: 6,
        y_ticks: 5,
        x_label: &|x| format::short_count(x, 3),
        y_label: &|y| format::short_count(y / TERA, 3),
        x_grid: true,
        y_grid: true,
    };
    draw_axes(chart, &axes, style)
}

/// The data sheet's roof dashed and thin, the reached one solid, and the chip's ridge ringed.
fn roofs<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    scales: &Scales,
    points: &Points,
    style: &Style,
) -> DrawResult<DB> {
    let p = style.palette;
    let peak = roof(scales, points.ridge, points.peak_flops);
    for pair in peak.windows(2) {
        if let [a, b] = pair {
            for dash in log_dashes(*a, *b, 24) {
                chart.draw(&PathElement::new(dash, style.line(p.axis, 1.5)))?;
            }
        }
    }
    let reached = roof(scales, points.reached_ridge, points.reached_flops);
    chart.draw(&PathElement::new(reached, style.line(p.total, 2.5)))?;
    let bend = (points.ridge, points.peak_flops);
    chart.draw(&Circle::new(bend, style.px(5.0), p.marker.stroke_width(style.px(2.0))))
}

/// Decode and prefill as dots on the reached roof.
fn marks<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    points: &Points,
    style: &Style,
) -> DrawResult<DB> {
    let p = style.palette;
    chart.draw(&Circle::new(points.prefill, style.px(5.5), p.prefill.filled()))?;
    chart.draw(&Circle::new(points.decode, style.px(5.5), p.decode.filled()))
}

/// What labels keep clear of: both roofs, in pixels.
fn obstacles(plane: &Plane, scales: &Scales, points: &Points) -> Vec<Vec<(f64, f64)>> {
    vec![
        plane.px_line(&roof(scales, points.ridge, points.peak_flops)),
        plane.px_line(&roof(scales, points.reached_ridge, points.reached_flops)),
    ]
}

/// Spots around a point in pixels: below it first (the roofs run above and beside every
/// point), then above, then further off.
fn around(plane: &Plane, at: (f64, f64), gap: f64, right_first: bool) -> Vec<Spot> {
    let (x, y) = plane.px(at);
    let right = [
        Spot::new(x + gap, y + gap, Edge::Start, Edge::Start),
        Spot::new(x + gap, y + 3.0 * gap, Edge::Start, Edge::Start),
    ];
    let left = [
        Spot::new(x - gap, y + gap, Edge::End, Edge::Start),
        Spot::new(x - gap, y + 3.0 * gap, Edge::End, Edge::Start),
    ];
    let (first, second) = if right_first { (right, left) } else { (left, right) };
    let mut spots: Vec<Spot> = first.into_iter().chain(second).collect();
    spots.extend([
        Spot::new(x, y + 2.0 * gap, Edge::Middle, Edge::Start),
        Spot::new(x - gap, y - gap, Edge::End, Edge::End),
        Spot::new(x + gap, y - gap, Edge::Start, Edge::End),
        Spot::new(x, y + 6.0 * gap, Edge::Middle, Edge::Start),
    ]);
    spots
}

/// Each point named beside it, then the chip's ridge above its ring; each keeps clear of the
/// roofs and of the labels placed before it, and shortens where a narrow figure needs it.
fn labels<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    points: &Points,
    style: &Style,
    lines: &mut Vec<Vec<(f64, f64)>>,
) -> DrawResult<DB> {
    let plane = *chart.as_coord_spec();
    let p = style.palette;
    let gap = 7.0 * style.scale;
    // Decode sits left of the prefill point, so its label prefers the right, towards the
    // empty middle, and prefill's the left.
    // On the narrowest figures the setting takes the only room beside decode's point, and the
    // point goes unnamed: its colour is the legend's "decode".
    let decode = format!("decode: {}", tflops(points.decode.1));
    let spots = around(&plane, points.decode, gap, true);
    let inside = plane.plot_box();
    draw_if_clear(chart, &[&decode, "decode"], &spots, inside, (12.0, p.decode), style, lines)?;
    let prefill = format!("prefill: {}", tflops(points.prefill.1));
    let spots = around(&plane, points.prefill, gap, false);
    draw_placed(chart, &[&prefill, "prefill"], &spots, (12.0, p.prefill), style, lines)?;
    let ridge = format!("ridge {} FLOP/byte", format::three_figures(points.ridge));
    let short = format!("ridge {}", format::three_figures(points.ridge));
    let (x, y) = plane.px((points.ridge, points.peak_flops));
    let spots = [
        Spot::new(x, y - gap, Edge::Middle, Edge::End),
        Spot::new(x + gap, y - gap, Edge::Start, Edge::End),
        Spot::new(x - gap, y - gap, Edge::End, Edge::End),
        Spot::new(x - gap, y + gap, Edge::End, Edge::Start),
    ];
    draw_placed(chart, &[&ridge, &short], &spots, (11.0, p.marker), style, lines)
}

/// The two sides named along the top, where a narrow figure has room.
fn side_names<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    scales: &Scales,
    points: &Points,
    style: &Style,
    lines: &mut Vec<Vec<(f64, f64)>>,
) -> DrawResult<DB> {
    let plane = chart.as_coord_spec();
    let px = |x: f64| plane.px((x.clamp(scales.x_lo, scales.x_hi), scales.y_hi)).0;
    let (left, split, right) = (px(scales.x_lo), px(points.reached_ridge), px(scales.x_hi));
    let p = style.palette;
    let memory = ["memory-bound: bytes set the pace", "memory-bound"];
    draw_region_name(chart, (left, split), &memory, (12.0, p.decode), style, lines)?;
    let compute = ["compute-bound: arithmetic sets the pace", "compute-bound"];
    draw_region_name(chart, (split, right), &compute, (12.0, p.prefill), style, lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lesson_setting_puts_decode_left_of_the_bend_and_prefill_right_of_it() {
        let inputs = RooflineInputs::of(&State::default());
        let p = Points::of(&inputs);
        assert!(p.decode.0 < p.reached_ridge && p.reached_ridge < p.prefill.0);
        assert!((p.decode.0 - 1.0).abs() < 1e-12, "two FLOP per two-byte weight: {}", p.decode.0);
        assert!((p.prefill.0 - 16_000.0).abs() < 1e-9);
        let s = Scales::of(&p);
        assert!(s.x_lo < p.decode.0 && p.prefill.0 < s.x_hi);
        assert!(s.y_lo < p.decode.1 && p.peak_flops < s.y_hi);
    }
}
