//! Figure 5's frame: its axes and legend.

use super::*;
use crate::charts::legend::LegendItem;
use crate::charts::plane::{draw_axes, Axes, Plane};
use crate::charts::{DrawResult, Palette, Style};
use crate::format;
use crate::model::deployments::Consumer;

/// The legend: the busiest hour's lines while they are drawn, the reading time for a person,
/// and what the ticks on the length axis mark.
pub(super) fn legend(p: &Palette, inputs: &CompletionInputs) -> Vec<LegendItem> {
    let mut items = vec![
        LegendItem { name: "deployment A", color: p.prefill, dashed: false },
        LegendItem { name: "deployment B", color: p.decode, dashed: false },
    ];
    if inputs.peak.is_some() {
        items.push(LegendItem { name: "at the busiest hour", color: p.text, dashed: true });
    }
    if inputs.consumer == Consumer::Reader {
        items.push(LegendItem { name: "time to read it", color: p.reading, dashed: true });
    }
    items.push(LegendItem { name: "your answer", color: p.axis, dashed: true });
    // The ticks are named beside them where there is room; on a narrow figure only here.
    if inputs.spread().is_some() {
        items.push(LegendItem { name: "axis ticks: median, p90", color: p.text, dashed: false });
    }
    items
}

pub(super) fn axes<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    style: &Style,
) -> DrawResult<DB> {
    let axes = Axes {
        x_desc: "answer length (tokens, log scale)",
        y_desc: "time to finish (s, log scale)",
        x_ticks: 6,
        y_ticks: 6,
        x_label: &|x| format::short_count(x, 3),
        y_label: &|y| format::duration(y),
        x_grid: true,
        y_grid: true,
    };
    draw_axes(chart, &axes, style)
}
