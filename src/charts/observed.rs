//! The review's observed figure: each side's requests as the runs timed them, the share of all
//! its requests whose whole answer had arrived by each moment (a cumulative distribution), beside
//! Figure 5's fitted lines. A request its tool counted as failed is taken never to arrive, so a
//! side that failed some tops out below the whole; the reviewer's limit on the whole answer is a dashed rule, and where each
//! side crosses it is the share the goodput counts, less the requests too slow to their first
//! token.

use super::legend::{self, LegendItem};
use super::plane::{draw_axes, Axes, Layout, Plane, Scale};
use super::table::{Cell, DataTable};
use super::{Chart, DrawResult, Style};
use crate::format;
use crate::measurements::review::observed::Observed;
use crate::model::deployments::Which;
use plotters::coord::Shift;
use plotters::prelude::*;

/// One side's whole answers, as the figure draws them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ObservedSide {
    /// The whole answers' times of the requests that answered, quickest first, in seconds.
    pub e2e_sorted: Vec<f64>,
    /// Every request the side's run holds (answered or failed), as kept.
    pub requests: usize,
}

impl ObservedSide {
    pub fn of(observed: &Observed) -> ObservedSide {
        ObservedSide { e2e_sorted: observed.e2e_sorted(), requests: observed.requests.len() }
    }

    /// The share of all requests whose whole answer had arrived by `secs`.
    pub fn share_by(&self, secs: f64) -> f64 {
        if self.requests == 0 {
            return 0.0;
        }
        let arrived = self.e2e_sorted.partition_point(|t| *t <= secs);
        arrived as f64 / self.requests as f64
    }
}

/// What the figure is drawn from: both sides (`None` for a side that is not a run's) and the
/// limit on the whole answer.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ObservedInputs {
    pub sides: [Option<ObservedSide>; 2],
    pub limit_secs: f64,
}

/// The moments the table reads the shares at: the limit and round times around it.
fn moments(limit: f64, top: f64) -> Vec<f64> {
    let mut at: Vec<f64> =
        Scale::Linear(0.0, top).ticks(6).into_iter().filter(|t| *t > 0.0).collect();
    if limit > 0.0 && !at.iter().any(|t| (t - limit).abs() < 1e-9) {
        at.push(limit);
    }
    at.sort_unstable_by(f64::total_cmp);
    at
}

impl ObservedInputs {
    /// The longest whole answer drawn, and at least a little past the limit.
    fn top_secs(&self) -> f64 {
        let longest = self
            .sides
            .iter()
            .flatten()
            .filter_map(|s| s.e2e_sorted.last().copied())
            .fold(0.0_f64, f64::max);
        longest.max(self.limit_secs * 1.1).max(0.1) * 1.02
    }

    fn has_any(&self) -> bool {
        self.sides.iter().flatten().any(|s| !s.e2e_sorted.is_empty())
    }
}

/// Which side is which on the figure.
fn side_name(which: Which) -> &'static str {
    match which {
        Which::A => "A",
        Which::B => "B",
    }
}

impl Chart for ObservedInputs {
    type Input = ObservedInputs;

    fn of(input: &ObservedInputs) -> ObservedInputs {
        input.clone()
    }

    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
    ) -> DrawResult<DB> {
        let p = style.palette;
        area.fill(&p.background)?;
        if !self.has_any() {
            return super::measured::draw_message(
                area,
                &["Use a run as A and a run as B to see the", "times their requests took."],
                style,
            );
        }
        let ink = [p.prefill, p.decode];
        let items: Vec<LegendItem> = [Which::A, Which::B]
            .into_iter()
            .zip(ink)
            .filter(|(w, _)| self.sides.get(w.index()).is_some_and(Option::is_some))
            .map(|(w, color)| LegendItem { name: side_name(w), color, dashed: false })
            .chain(std::iter::once(LegendItem { name: "limit", color: p.axis, dashed: true }))
            .collect();
        let rest = legend::draw_above(area, &items, style)?;
        let top = self.top_secs();
        let chart = Plane::on(
            &rest,
            Scale::Linear(0.0, top),
            Scale::Linear(0.0, 1.0),
            Layout::figure(style, 52.0),
        );
        draw_axes(
            &chart,
            &Axes {
                x_desc: "time to the whole answer",
                y_desc: "requests answered",
                x_ticks: 6,
                y_ticks: 5,
                x_label: &super::measured::secs_text,
                y_label: &|v| format::percent(v),
                x_grid: true,
                y_grid: true,
            },
            style,
        )?;
        let limit = self.limit_secs;
        if limit > 0.0 && limit < top {
            for dash in super::dashes((limit, 0.0), (limit, 1.0), 24) {
                chart.draw(&PathElement::new(dash, style.line(p.axis, 1.5)))?;
            }
        }
        for (side, color) in self.sides.iter().zip(ink) {
            let Some(side) = side else { continue };
            let n = side.requests.max(1) as f64;
            // A step up at each request's arrival, level to the end of the axis after the last.
            let mut points = vec![(0.0, 0.0)];
            for (i, t) in side.e2e_sorted.iter().enumerate() {
                points.push((*t, i as f64 / n));
                points.push((*t, (i + 1) as f64 / n));
            }
            points.push((top, side.e2e_sorted.len() as f64 / n));
            chart.draw(&PathElement::new(points, style.line(color, 2.5)))?;
        }
        Ok(())
    }

    fn summary(&self) -> String {
        if !self.has_any() {
            return "Each side's requests as its run timed them: no side comes from a run yet."
                .to_string();
        }
        let mut out = "The share of each side's requests whose whole answer had arrived, against \
                       the time since it was sent, as the runs timed them; a request its tool \
                       counted as failed counts as never arriving, whatever it sent."
            .to_string();
        for which in [Which::A, Which::B] {
            let Some(Some(side)) = self.sides.get(which.index()) else { continue };
            let in_all = side.share_by(f64::INFINITY);
            out.push_str(&format!(
                " {}: {} of {} requests within the {} limit, {} in all{}.",
                side_name(which),
                format::percent(side.share_by(self.limit_secs)),
                format::with_separators(side.requests as f64, 0),
                format::duration(self.limit_secs),
                format::percent(in_all),
                if in_all < 1.0 { " (the rest its tool counted as failed)" } else { "" },
            ));
        }
        out
    }

    fn table(&self) -> DataTable {
        let at = moments(self.limit_secs, self.top_secs());
        let rows = at
            .iter()
            .map(|t| {
                let mut row = vec![Cell::number(*t, format::duration(*t))];
                for side in &self.sides {
                    row.push(match side {
                        Some(s) => {
                            let share = s.share_by(*t);
                            Cell::number(share, format::percent(share))
                        }
                        None => Cell::text("not a run"),
                    });
                }
                row
            })
            .collect();
        DataTable {
            caption: format!(
                "The share of each side's requests answered within each time (the limit on the \
                 whole answer is {}); failed requests count as never answered",
                format::duration(self.limit_secs)
            ),
            headers: vec!["within|s", "A", "B"],
            current_row: at.iter().position(|t| (t - self.limit_secs).abs() < 1e-9),
            rows,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side(times: &[f64], failed: usize) -> ObservedSide {
        ObservedSide { e2e_sorted: times.to_vec(), requests: times.len() + failed }
    }

    #[test]
    fn a_failed_request_never_arrives_and_the_limit_reads_the_share() {
        let inputs = ObservedInputs {
            sides: [Some(side(&[1.0, 2.0, 3.0, 12.0], 0)), Some(side(&[2.0, 4.0], 2))],
            limit_secs: 10.0,
        };
        let [Some(a), Some(b)] = &inputs.sides else { panic!() };
        assert_eq!((a.share_by(10.0), b.share_by(10.0)), (0.75, 0.5));
        assert_eq!(b.share_by(f64::INFINITY), 0.5, "two of four failed");
        let summary = inputs.summary();
        assert!(
            summary.contains("A: 75% of 4 requests within the 10 s limit, 100% in all. "),
            "{summary}"
        );
        assert!(
            summary.contains(
                "B: 50% of 4 requests within the 10 s limit, 50% in all (the rest its tool \
                 counted as failed)."
            ),
            "{summary}"
        );
        let table = inputs.table();
        let at_limit =
            table.current_row.and_then(|i| table.rows.get(i)).cloned().unwrap_or_default();
        assert_eq!(
            at_limit.iter().map(|c| c.text.as_str()).collect::<Vec<_>>(),
            ["10 s", "75%", "50%"]
        );
        let svg =
            inputs.to_svg(&Style { scale: 1.0, palette: crate::charts::Palette::LIGHT }, 600, 360);
        assert!(svg.is_ok_and(|s| s.contains("<path") || s.contains("<polyline")));
    }

    #[test]
    fn with_no_run_it_says_so() {
        let none = ObservedInputs::default();
        assert!(none.summary().contains("no side comes from a run"));
        assert!(none
            .to_svg(&Style { scale: 1.0, palette: crate::charts::Palette::DARK }, 400, 300)
            .is_ok());
    }
}
