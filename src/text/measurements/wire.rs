//! A run's view as the data the worker hands the page (`measurements::protocol::wire`), and read
//! back on the page, where its markup is built.

use super::{FigureView, RunView, StatedSetting};
use crate::charts::measured::RunFigure;
use crate::charts::table::DataTable;
use crate::measurements::protocol::wire::{Reader, Writer};

impl RunView {
    #[must_use]
    pub fn to_wire(&self) -> String {
        let mut w = Writer::new();
        w.text(&self.label).text(&self.format_id).text(&self.format_name);
        w.count(self.records).count(self.used).count(self.dropped).text(&self.dropped_text);
        w.flag(Some(self.streamed)).number(self.overhead_secs);
        w.number(self.prefill_tokens_per_sec).text(&self.prefill_text);
        w.number(self.decode_tokens_per_sec).number(self.wait_secs);
        for interval in &self.intervals {
            w.text(interval);
        }
        w.number(self.crossing_ratio).number(self.crossing_prompt_tokens);
        w.text(&self.crossing_text).text(&self.bending_text);
        for quantiles in &self.percentiles {
            w.list(quantiles.as_ref().map_or(&[][..], |q| &q[..]), |w, x| {
                w.number(Some(*x));
            });
        }
        w.text(&self.tpot_definition);
        w.list(&self.notes, |w, note| {
            w.text(note);
        });
        w.list(&self.figures, |w, figure| {
            w.text(figure.figure.slug()).text(&figure.summary);
            figure.table.write(w);
        });
        w.text(&self.stated.model).text(&self.stated.precision).text(&self.stated.hardware);
        w.number(self.stated.chips).text(&self.stated.load);
        w.finish()
    }

    /// Reads back what [`RunView::to_wire`] wrote; `None` for any other text.
    #[must_use]
    pub fn from_wire(text: &str) -> Option<RunView> {
        let mut r = Reader::new(text);
        let quantiles = |r: &mut Reader| -> Option<Option<[f64; 4]>> {
            let numbers = r.list(|r| r.number()?)?;
            match numbers.as_slice() {
                [] => Some(None),
                [a, b, c, d] => Some(Some([*a, *b, *c, *d])),
                _ => None,
            }
        };
        let view = RunView {
            label: r.text()?,
            format_id: r.text()?,
            format_name: r.text()?,
            records: r.count()?,
            used: r.count()?,
            dropped: r.count()?,
            dropped_text: r.text()?,
            streamed: r.flag()??,
            overhead_secs: r.number()?,
            prefill_tokens_per_sec: r.number()?,
            prefill_text: r.text()?,
            decode_tokens_per_sec: r.number()?,
            wait_secs: r.number()?,
            intervals: [r.text()?, r.text()?, r.text()?],
            crossing_ratio: r.number()?,
            crossing_prompt_tokens: r.number()?,
            crossing_text: r.text()?,
            bending_text: r.text()?,
            percentiles: [quantiles(&mut r)?, quantiles(&mut r)?, quantiles(&mut r)?],
            tpot_definition: r.text()?,
            notes: r.list(Reader::text)?,
            figures: r.list(|r| {
                let slug = r.text()?;
                Some(FigureView {
                    figure: RunFigure::ALL.into_iter().find(|f| f.slug() == slug)?,
                    summary: r.text()?,
                    table: DataTable::read(r)?,
                })
            })?,
            stated: StatedSetting {
                model: r.text()?,
                precision: r.text()?,
                hardware: r.text()?,
                chips: r.number()?,
                load: r.text()?,
            },
        };
        r.finish(view)
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::synthetic_run;
    use super::super::{run_view, RunView, StatedSetting};
    use crate::charts::measured::RunFigures;
    use crate::measurements;

    #[test]
    fn a_fitted_runs_view_reads_back_whole() {
        let run = synthetic_run();
        let fit = measurements::fit(&run);
        let mut view = run_view(&run, &fit, &RunFigures::of(&fit));
        assert_eq!(view.figures.len(), 3);
        // The synthetic run's decode rate has its interval, which crosses with the rest.
        assert!(view.intervals[2].starts_with("95% interval: "), "{:?}", view.intervals);
        view.stated = StatedSetting {
            model: "Meta-Llama-3.1-70B-Instruct-FP8".to_string(),
            precision: String::new(),
            hardware: "tp 8".to_string(),
            chips: Some(8.0),
            load: "concurrency 256".to_string(),
        };
        let back = RunView::from_wire(&view.to_wire());
        assert_eq!(back.as_ref(), Some(&view));
    }

    #[test]
    fn a_text_that_is_not_a_view_is_refused() {
        let view = RunView::default().to_wire();
        assert!(RunView::from_wire(&view).is_some());
        assert_eq!(RunView::from_wire(""), None);
        assert_eq!(RunView::from_wire(&format!("{view}extra\u{1c}")), None);
        assert_eq!(RunView::from_wire(&view[..view.len() - 1]), None);
        assert_eq!(RunView::from_wire("<dl class=\"readout-grid\"></dl>"), None);
    }
}
