//! Figure 8: which clock starts the TTFT. One request's time before its first token, on the
//! three clocks in use, one bar each: each bar covers only what its clock counts, and all three
//! stop at the same first token.

use super::label::{Edge, Spot};
use super::legend::LegendItem;
use super::plane::{draw_axes, Axes, Layout, Plane, Scale};
use super::table::{Cell, DataTable};
use super::{backdrop, draw_placed, Chart, DrawResult, Palette, Style};
use crate::format;
use crate::model::deep::TtftDefinition;
use crate::state::{Figure, Param, State};
use plotters::coord::Shift;
use plotters::prelude::*;

/// The clocks' own request: the lesson's request behind its own network and queue (the panel's
/// are zero until a reader sets them, and would draw the three clocks as one).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClocksInputs {
    pub network_secs: f64,
    pub queue_secs: f64,
    /// From sending to the first token: network, queue, prefill and the first decode step.
    pub client_ttft_secs: f64,
    /// The clock the page's TTFT readouts follow.
    pub chosen: TtftDefinition,
}

impl Chart for ClocksInputs {
    type Input = State;

    fn of(state: &State) -> ClocksInputs {
        let own = state
            .with(Param::Network, state.get(Param::ClockNetwork))
            .with(Param::Wait, state.get(Param::ClockQueue))
            .headline();
        ClocksInputs {
            network_secs: own.network_secs,
            queue_secs: own.queue_secs,
            client_ttft_secs: own.client_ttft_secs,
            chosen: state.ttft_definition,
        }
    }

    #[inline(never)] // see `Chart`
    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
    ) -> DrawResult<DB> {
        let p = style.palette;
        let x_max = (self.client_ttft_secs * 1.04).max(1e-3);
        let scales = (Scale::Linear(0.0, x_max), Scale::Linear(0.0, 3.0));
        let chart = backdrop(area, &legend(&p), scales, Layout::figure(style, 24.0), style)?;
        let axes = Axes {
            x_desc: "time since the request was sent (s)",
            y_desc: "clock",
            x_ticks: 6,
            y_ticks: 1,
            x_label: &|x| format::trimmed(x, 2),
            y_label: &|_| String::new(),
            x_grid: true,
            y_grid: false,
        };
        draw_axes(&chart, &axes, style)?;
        let mut taken = Vec::new();
        for (row, clock) in self.rows().into_iter().enumerate() {
            bar(&chart, self, (row, clock), style, &mut taken)?;
        }
        Ok(())
    }

    fn summary(&self) -> String {
        let [client, server, scheduled] =
            self.rows().map(|c| format::duration(self.counted_secs(c)));
        format!(
            "The same first token on three clocks, after {} on the network and {} in the server's queue: {client} from sending, {server} from arrival at the server, {scheduled} from scheduling.",
            format::duration(self.network_secs),
            format::duration(self.queue_secs),
        )
    }

    fn table(&self) -> DataTable {
        let rows = self
            .rows()
            .into_iter()
            .map(|clock| {
                let (start, counted) = (self.start_secs(clock), self.counted_secs(clock));
                vec![
                    Cell::text(name(clock)),
                    Cell::number(start, format::duration(start)),
                    Cell::number(counted, format::duration(counted)),
                ]
            })
            .collect();
        DataTable {
            caption: format!(
                "{} as a table: one first token on three clocks",
                Figure::Clocks.name()
            ),
            headers: vec!["the clock starts at", "after sending|s", "TTFT it reports|s"],
            rows,
            current_row: self.rows().iter().position(|c| *c == self.chosen),
        }
    }
}

impl ClocksInputs {
    /// Top to bottom: the clock that sees the most first.
    fn rows(&self) -> [TtftDefinition; 3] {
        TtftDefinition::ALL
    }

    /// When this clock starts, counted from sending.
    pub fn start_secs(&self, clock: TtftDefinition) -> f64 {
        clock.unseen_secs(self.network_secs, self.queue_secs)
    }

    /// The TTFT this clock reports.
    pub fn counted_secs(&self, clock: TtftDefinition) -> f64 {
        (self.client_ttft_secs - self.start_secs(clock)).max(0.0)
    }
}

fn name(clock: TtftDefinition) -> &'static str {
    match clock {
        TtftDefinition::Client => "sending (client)",
        TtftDefinition::Server => "arrival at the server",
        TtftDefinition::Scheduled => "scheduling",
    }
}

fn legend(p: &Palette) -> [LegendItem; 3] {
    [
        LegendItem { name: "network", color: p.marker, dashed: false },
        LegendItem { name: "server queue", color: p.wait, dashed: false },
        LegendItem { name: "prefill and first token", color: p.prefill, dashed: false },
    ]
}

/// One clock's bar, `row` from the top: pale where the clock has not started, in the parts'
/// colours where it counts, named above with the TTFT it reports.
fn bar<DB: DrawingBackend>(
    chart: &DrawingArea<DB, Plane>,
    t: &ClocksInputs,
    (row, clock): (usize, TtftDefinition),
    style: &Style,
    taken: &mut Vec<Vec<(f64, f64)>>,
) -> DrawResult<DB> {
    let p = style.palette;
    let base = 2.0 - row as f64;
    let (low, high) = (base + 0.12, base + 0.52);
    let start = t.start_secs(clock);
    let network_end = t.network_secs;
    let queue_end = t.network_secs + t.queue_secs;
    let parts = [
        (0.0, network_end, p.marker),
        (network_end, queue_end, p.wait),
        (queue_end, t.client_ttft_secs, p.prefill),
    ];
    for (from, to, color) in parts.into_iter().filter(|(from, to, _)| to > from) {
        chart.draw(&Rectangle::new([(from, low), (to, high)], color.mix(0.18).filled()))?;
        let counted_from = from.max(start);
        if to > counted_from {
            chart.draw(&Rectangle::new([(counted_from, low), (to, high)], color.filled()))?;
        }
    }
    let plane = *chart.as_coord_spec();
    let (x, y) = plane.px((start, high));
    let gap = 4.0 * style.scale;
    let chosen = if clock == t.chosen { " (the chosen clock)" } else { "" };
    let counted = format::duration(t.counted_secs(clock));
    let text = format!("from {}: {counted}{chosen}", name(clock));
    let short = format!("{counted}{chosen}");
    let spots = [
        Spot::new(x, y - gap, Edge::Start, Edge::End),
        Spot::new(plane.px((t.client_ttft_secs, high)).0, y - gap, Edge::End, Edge::End),
    ];
    draw_placed(chart, &[&text, &short, &counted], &spots, (12.0, p.text), style, taken)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_clock_leaves_out_what_comes_before_it() {
        let t = ClocksInputs::of(&State::default());
        let client = t.counted_secs(TtftDefinition::Client);
        assert!((client - (0.15 + 0.5 + 2.0 + 1.0 / 60.0)).abs() < 1e-9);
        assert!((client - t.counted_secs(TtftDefinition::Server) - 0.15).abs() < 1e-9);
        assert!((client - t.counted_secs(TtftDefinition::Scheduled) - 0.65).abs() < 1e-9);
        assert_eq!(t.table().current_row, Some(0));
    }

    #[test]
    fn the_panel_network_does_not_move_the_clocks_but_their_own_does() {
        let base = ClocksInputs::of(&State::default());
        assert_eq!(base, ClocksInputs::of(&State::default().with(Param::Network, 2.0)));
        let svg = |s: &State| ClocksInputs::of(s).to_svg(&Style::default(), 600, 220);
        let busy = State::default().with(Param::ClockQueue, 3.0);
        assert_ne!(svg(&State::default()), svg(&busy));
    }
}
