//! Each request's time above the floor, in the order the file lists them: the queueing
//! estimate. A straight band near zero means the floor explains the run; a rising stretch is a
//! queue building up under load.

use super::cloud::{self, Cloud};
use super::{
    bin_table, bins, bins_note, draw_line, draw_marks, draw_message, marks_sentence, plane,
    requests_text, secs_text, Bin, TABLE_BINS,
};
use crate::charts::legend::{self, LegendItem};
use crate::charts::table::DataTable;
use crate::charts::{Chart, DrawResult, Style};
use crate::format;
use crate::measurements::{stats, Fit};
use plotters::coord::Shift;
use plotters::prelude::*;

#[derive(Clone, Debug, PartialEq)]
pub struct ResidualInputs {
    pub streamed: bool,
    pub cloud: Option<Cloud>,
    pub bins: Vec<Bin>,
    /// Median and 90th percentile of the queue estimate (the excess, never below zero).
    pub queue_p50_secs: f64,
    pub queue_p90_secs: f64,
}

impl Chart for ResidualInputs {
    type Input = Fit;

    fn of(fit: &Fit) -> ResidualInputs {
        // Numbered from one, as a reader counts requests.
        let points: Vec<(f64, f64)> =
            fit.residuals.iter().map(|r| (r.record as f64 + 1.0, r.excess_secs)).collect();
        let queues: Vec<f64> = fit.residuals.iter().map(|r| r.queue_secs).collect();
        let cloud = (!points.is_empty()).then(|| {
            let x_hi = cloud::max_of(points.iter().map(|p| p.0), 1.0);
            let ys: Vec<f64> = points.iter().map(|p| p.1).collect();
            Cloud::of(
                &points,
                (0.0, x_hi + 1.0),
                (cloud::robust_bottom(&ys), cloud::robust_top(&ys, &[])),
            )
        });
        let bins = cloud.as_ref().map(|c| bins(&points, c.x_range, TABLE_BINS)).unwrap_or_default();
        ResidualInputs {
            streamed: fit.streamed,
            cloud,
            bins,
            queue_p50_secs: stats::percentile(&queues, 50.0).unwrap_or(0.0),
            queue_p90_secs: stats::percentile(&queues, 90.0).unwrap_or(0.0),
        }
    }

    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
    ) -> DrawResult<DB> {
        let p = style.palette;
        area.fill(&p.background)?;
        let Some(cloud) = &self.cloud else {
            return draw_message(area, &["No fitted line, so no request's excess to draw."], style);
        };
        let floor_name = if self.streamed { "the floor" } else { "the fitted plane" };
        let items = [
            LegendItem { name: "requests", color: p.wait, dashed: false },
            LegendItem { name: floor_name, color: p.prefill, dashed: false },
        ];
        let rest = legend::draw_above(area, &items, style)?;
        let y_desc =
            if self.streamed { "TTFT above the floor" } else { "end-to-end above the fit" };
        let chart = plane(&rest, cloud, style, "request, in the file's order", y_desc)?;
        draw_line(&chart, (0.0, 0.0), cloud.x_range, p.prefill, false, style)?;
        draw_marks(&chart, cloud, style)
    }

    fn summary(&self) -> String {
        let Some(cloud) = &self.cloud else {
            return "Each request's wait above the floor: no line was fitted, so there is none to \
                    show."
                .to_string();
        };
        let (what, floor) = if self.streamed {
            ("TTFT", "floor")
        } else {
            ("end-to-end time", "fitted lower envelope (this run did not stream)")
        };
        format!(
            "How far each request's {what} sits above the {floor}, for {} in the file's order: \
             its queueing estimate. Half of them waited more than {}, one in ten more than {}. \
             About one in ten sits below zero, as a line under 90% of the requests leaves \
             them.{}",
            requests_text(cloud.requests),
            secs_text(self.queue_p50_secs),
            secs_text(self.queue_p90_secs),
            marks_sentence(cloud)
        )
    }

    fn table(&self) -> DataTable {
        let requests = self.cloud.as_ref().map_or(0, |c| c.requests);
        bin_table(
            format!(
                "Excess over the floor by position in the file: {}",
                bins_note(requests, self.bins.len())
            ),
            vec![
                "request from",
                "request to",
                "requests",
                "excess 10th percentile|s",
                "excess median|s",
                "excess 90th percentile|s",
            ],
            &self.bins,
            |x| format::with_separators(x, 0),
            &[],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::measured::ttft::tests::run;
    use crate::measurements::fit;

    #[test]
    fn the_queue_estimates_are_summarised_and_binned() {
        let f = fit(&run(3_000, false, true));
        let r = ResidualInputs::of(&f);
        let queues: Vec<f64> = f.residuals.iter().map(|x| x.queue_secs).collect();
        assert_eq!(r.queue_p50_secs, stats::percentile(&queues, 50.0).unwrap());
        assert!(r.queue_p90_secs > r.queue_p50_secs);
        let s = r.summary();
        assert!(s.contains(&secs_text(r.queue_p90_secs)), "{s}");
        assert!(s.contains("3,000 requests"), "{s}");
        let table = r.table();
        assert_eq!(table.rows.len(), TABLE_BINS);
        assert_eq!(table.headers.len(), 6);
        let svg = r.to_svg(&Style::default(), 640, 320).unwrap();
        assert!(svg.contains("the floor"));
    }

    #[test]
    fn a_run_without_a_fit_says_so() {
        let r = ResidualInputs::of(&fit(&run(1, false, true)));
        assert!(r.cloud.is_none());
        assert!(r.summary().contains("no line was fitted"));
    }
}
