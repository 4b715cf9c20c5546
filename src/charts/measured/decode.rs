//! Decode time against answer length: how long each request took after its first token, and the
//! fitted decode rate as a line. For a run that did not stream, the time after the first token is
//! not known; the figure then shows end-to-end time less the fitted overhead and prefill, which
//! the joint fit says is the decode time.

use super::cloud::{self, Cloud};
use super::{
    bin_table, bins, bins_note, draw_line, draw_marks, draw_message, marks_sentence, plane,
    requests_text, Bin, TABLE_BINS,
};
use crate::charts::legend::{self, LegendItem};
use crate::charts::table::DataTable;
use crate::charts::{Chart, DrawResult, Style};
use crate::format;
use crate::measurements::Fit;
use plotters::coord::Shift;
use plotters::prelude::*;

#[derive(Clone, Debug, PartialEq)]
pub struct DecodeInputs {
    pub streamed: bool,
    pub cloud: Option<Cloud>,
    pub bins: Vec<Bin>,
    pub decode_tokens_per_sec: Option<f64>,
    /// The fitted decode time as `(intercept, slope)` against output tokens: `(n − 1)/rate`
    /// for a streamed run (the first token is in TTFT), `n/rate` for one that did not stream.
    pub line: Option<(f64, f64)>,
}

impl Chart for DecodeInputs {
    type Input = Fit;

    fn of(fit: &Fit) -> DecodeInputs {
        let points: Vec<(f64, f64)> = fit
            .residuals
            .iter()
            .filter_map(|r| {
                let e2e = r.e2e_secs?;
                let decode = match (fit.streamed, fit.joint) {
                    (true, _) => e2e - r.ttft_secs?,
                    (false, Some(plane)) => e2e - plane.at(r.prompt_tokens, 0.0),
                    (false, None) => return None,
                };
                Some((r.output_tokens, decode))
            })
            .collect();
        let rate = fit.decode_tokens_per_sec.map(|e| e.value).filter(|r| *r > 0.0);
        let line = rate.map(|r| if fit.streamed { (-1.0 / r, 1.0 / r) } else { (0.0, 1.0 / r) });
        let cloud = (!points.is_empty()).then(|| {
            let x_hi = cloud::max_of(points.iter().map(|p| p.0), 1.0).max(1.0) * 1.02;
            let ys: Vec<f64> = points.iter().map(|p| p.1).collect();
            let keep: Vec<f64> = line.map(|(a, b)| a + b * x_hi).into_iter().collect();
            let y_range = (cloud::robust_bottom(&ys), cloud::robust_top(&ys, &keep));
            Cloud::of(&points, (0.0, x_hi), y_range)
        });
        let bins = cloud.as_ref().map(|c| bins(&points, c.x_range, TABLE_BINS)).unwrap_or_default();
        DecodeInputs { streamed: fit.streamed, cloud, bins, decode_tokens_per_sec: rate, line }
    }

    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
    ) -> DrawResult<DB> {
        let p = style.palette;
        area.fill(&p.background)?;
        let Some(cloud) = &self.cloud else {
            return draw_message(area, &["No request has the times to draw its decode."], style);
        };
        let mut items = vec![LegendItem { name: "requests", color: p.wait, dashed: false }];
        if self.line.is_some() {
            items.push(LegendItem { name: "fitted decode rate", color: p.decode, dashed: false });
        }
        let rest = legend::draw_above(area, &items, style)?;
        let y_desc = if self.streamed {
            "end-to-end less TTFT"
        } else {
            "end-to-end less overhead and prefill"
        };
        let chart = plane(&rest, cloud, style, "answer length (output tokens)", y_desc)?;
        draw_marks(&chart, cloud, style)?;
        if let Some(line) = self.line {
            draw_line(
                &chart,
                line,
                (1.0_f64.max(cloud.x_range.0), cloud.x_range.1),
                p.decode,
                false,
                style,
            )?;
        }
        Ok(())
    }

    fn summary(&self) -> String {
        let Some(cloud) = &self.cloud else {
            return "Decode time against answer length: no request has the times to draw it."
                .to_string();
        };
        let what = if self.streamed {
            "Decode time (end-to-end less TTFT)"
        } else {
            "Decode time (end-to-end less the fitted overhead and prefill, since this run did not \
             stream)"
        };
        let mut out =
            format!("{what} against answer length for {}.", requests_text(cloud.requests));
        match self.decode_tokens_per_sec {
            Some(rate) => out.push_str(&format!(
                " The line is the fitted decode rate, {}: {} per hundred tokens{}.",
                format::rate(rate),
                super::secs_text(100.0 / rate),
                if self.streamed { " after the first" } else { "" },
            )),
            None => out.push_str(" No decode rate was fitted, so no line is drawn."),
        }
        out.push_str(&marks_sentence(cloud));
        out
    }

    fn table(&self) -> DataTable {
        let line = self.line.map(|(a, b)| move |x: f64| a + b * x);
        let lines = [line.as_ref().map(|f| f as &dyn Fn(f64) -> f64)];
        let requests = self.cloud.as_ref().map_or(0, |c| c.requests);
        bin_table(
            format!("Decode time by answer length: {}", bins_note(requests, self.bins.len())),
            vec![
                "answer from|tokens",
                "answer to|tokens",
                "requests",
                "decode time 10th percentile|s",
                "decode time median|s",
                "decode time 90th percentile|s",
                "fitted decode time at the middle|s",
            ],
            &self.bins,
            |x| format::with_separators(x, 0),
            &lines,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::measured::ttft::tests::run;
    use crate::measurements::fit;

    #[test]
    fn decode_time_follows_the_fitted_rate() {
        let d = DecodeInputs::of(&fit(&run(1_000, false, true)));
        let rate = d.decode_tokens_per_sec.unwrap();
        assert!((rate / 50.0 - 1.0).abs() < 0.03, "{rate}");
        let (a, b) = d.line.unwrap();
        // 101 tokens: the first is in TTFT, a hundred more at the rate.
        assert!(((a + b * 101.0) - 100.0 / rate).abs() < 1e-9);
        let s = d.summary();
        assert!(s.contains(&format::rate(rate)) && s.contains("1,000 requests"), "{s}");
        let table = d.table();
        for row in &table.rows {
            // Every request decodes exactly at the rate: the median sits on the line.
            let (median, on_line) = (row[4].value.unwrap(), row[6].value.unwrap());
            let width = row[1].value.unwrap() - row[0].value.unwrap();
            assert!((median - on_line).abs() <= width / rate, "{median} vs {on_line}");
        }
        let svg = d.to_svg(&Style::default(), 640, 320).unwrap();
        assert!(svg.contains("fitted decode rate"));
    }

    #[test]
    fn a_run_that_did_not_stream_shows_what_the_joint_fit_leaves_for_decode() {
        let mut r = run(600, false, true);
        for rec in &mut r.records {
            rec.ttft_secs = None;
        }
        let d = DecodeInputs::of(&fit(&r));
        assert!(!d.streamed);
        assert!(d.cloud.as_ref().is_some_and(|c| c.requests == 600));
        assert!(d.summary().contains("did not stream"), "{}", d.summary());
    }
}
