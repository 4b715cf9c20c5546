//! The section "Your own measurements": what the page shows of a run the reader loaded.
//!
//! The worker fits each run, turns it into a [`RunView`] (the numbers the page shows, unrounded
//! for `data-value`, with the [`sentences`] built) and that into the protocol's
//! [`PageRun`](crate::measurements::protocol::PageRun) ([`page_run`]): the view as data
//! ([`wire`]), its entry in the list of runs and the rates the chip section's calibration reads. The
//! section on the page (in the workbench's part) reads the view back and lays it out with its
//! components: what the worker sends is data, never markup. [`calibration`] reads the run on
//! the chip calculator.

pub mod calibration;
pub mod sentences;
pub mod wire;

use crate::charts::measured::{RunFigure, RunFigures};
use crate::charts::table::{Cell, DataTable};
use crate::format;
use crate::measurements::fit::Fit;
use crate::measurements::protocol::PageRun;
use crate::measurements::{self, Run};
use sentences::{
    bending_text, crossing_text, dropped_text, fixed_time_note, interval_text, no_prefill_reason,
    run_choice,
};

/// One run as the page shows it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunView {
    /// Tool, model and load, where the file says them.
    pub label: String,
    /// [`measurements::Format::id`], the `data-value` of `import-format`.
    pub format_id: String,
    pub format_name: String,
    pub records: usize,
    pub used: usize,
    pub dropped: usize,
    /// The dropped requests' reasons, counted ("3 failed, 2 with fewer than two output tokens").
    pub dropped_text: String,
    pub streamed: bool,
    pub overhead_secs: Option<f64>,
    /// `None` when no rate is claimed; [`RunView::prefill_text`] then says why.
    pub prefill_tokens_per_sec: Option<f64>,
    pub prefill_text: String,
    pub decode_tokens_per_sec: Option<f64>,
    /// The 95% intervals of the fixed time, the prefill rate and the decode rate, in words
    /// (empty where the fit gives none); a live run's fixed time also names the round trip
    /// it holds.
    pub intervals: [String; 3],
    /// The lesson's queue before prefill: the overhead less the one decode step in the TTFT.
    pub wait_secs: Option<f64>,
    pub crossing_ratio: Option<f64>,
    pub crossing_prompt_tokens: Option<f64>,
    pub crossing_text: String,
    pub bending_text: String,
    /// p50, p90, p95, p99 of TTFT, time per output token and end-to-end, in seconds.
    pub percentiles: [Option<[f64; 4]>; 3],
    /// What "time per output token" means for this tool.
    pub tpot_definition: String,
    /// The reader's and the fit's notes, in that order.
    pub notes: Vec<String>,
    /// The run's three figures in words and as tables, in [`RunFigure::ALL`]'s order.
    pub figures: Vec<FigureView>,
    /// The model, the weights' precision and the hardware as the file states them (empty where
    /// it says nothing): what the chip section's calibration reads the run as.
    pub stated: StatedSetting,
}

/// What a file states of the setting its run was served on, each empty where it says nothing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StatedSetting {
    pub model: String,
    pub precision: String,
    pub hardware: String,
    /// The chips the server's parallelism spans, where the file reports it.
    pub chips: Option<f64>,
    /// The load the run was sent at, as a review states it; empty where the file says nothing.
    pub load: String,
}

/// A figure of the run as the page's markup carries it (the worker draws its pixels).
#[derive(Clone, Debug, PartialEq)]
pub struct FigureView {
    pub figure: RunFigure,
    pub summary: String,
    pub table: DataTable<String>,
}

/// What the page shows of one fitted run.
pub fn run_view(run: &Run, fit: &Fit, figures: &RunFigures) -> RunView {
    let estimate = |e: Option<measurements::fit::Estimate>| e.map(|e| e.value);
    let prefill = estimate(fit.prefill_tokens_per_sec);
    let quantiles =
        |q: Option<measurements::fit::Quantiles>| q.map(|q| [q.p50, q.p90, q.p95, q.p99]);
    RunView {
        label: run.label.clone(),
        format_id: run.format.id().to_string(),
        format_name: run.format.name().to_string(),
        records: fit.counts.records,
        used: fit.counts.used,
        dropped: fit.counts.dropped(),
        dropped_text: dropped_text(&fit.counts),
        streamed: fit.streamed,
        overhead_secs: estimate(fit.overhead_secs),
        prefill_tokens_per_sec: prefill,
        prefill_text: match prefill {
            Some(p) => format::rate(p),
            None => no_prefill_reason(fit),
        },
        decode_tokens_per_sec: estimate(fit.decode_tokens_per_sec),
        intervals: [
            fixed_time_note(fit.overhead_secs, run.round_trip_secs),
            interval_text(fit.prefill_tokens_per_sec, format::rate),
            interval_text(fit.decode_tokens_per_sec, format::rate),
        ],
        wait_secs: fit.wait_secs,
        crossing_ratio: fit.crossing.map(|c| c.ratio),
        crossing_prompt_tokens: fit.crossing.map(|c| c.prompt_tokens),
        crossing_text: crossing_text(fit),
        bending_text: bending_text(fit),
        percentiles: [
            quantiles(fit.percentiles.ttft_secs),
            quantiles(fit.percentiles.tpot_secs),
            quantiles(fit.percentiles.e2e_secs),
        ],
        tpot_definition: fit.percentiles.tpot_definition.clone(),
        notes: run.notes.iter().chain(&fit.notes).cloned().collect(),
        figures: RunFigure::ALL
            .into_iter()
            .map(|figure| FigureView {
                figure,
                summary: figures.summary(figure),
                table: figures.table(figure).owned(),
            })
            .collect(),
        stated: StatedSetting {
            model: stated(&run.meta.model),
            precision: stated(&run.meta.precision),
            hardware: stated(&run.meta.hardware),
            chips: run.meta.chips,
            load: if run.load.is_stated() {
                measurements::review::standing::load_text(&run.load)
            } else {
                String::new()
            },
        },
    }
}

/// A stated value's text, empty where the file says nothing.
fn stated(value: &Option<measurements::meta::Stated>) -> String {
    value.as_ref().map_or_else(String::new, |s| s.value.clone())
}

/// The run as the worker hands it to the page, numbered 0 (the worker gives it its id).
pub fn page_run(run: &RunView) -> PageRun {
    PageRun {
        id: 0,
        choice: run_choice(run),
        file_stem: file_stem(run),
        prefill_tokens_per_sec: run.prefill_tokens_per_sec,
        decode_tokens_per_sec: run.decode_tokens_per_sec,
        wait_secs: run.wait_secs,
        view: run.to_wire(),
    }
}

/// The start of a run's downloads' names: the page, then the tool (`crossover-vllm`).
pub fn file_stem(run: &RunView) -> String {
    let tool: String =
        run.format_id.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '-').collect();
    format!("crossover-{tool}")
}

/// p50/p90/p95/p99 of TTFT, time per output token and end-to-end time.
pub fn percentile_table(run: &RunView) -> DataTable {
    let names = ["time to first token", "time per output token", "end-to-end"];
    let rows = names
        .into_iter()
        .zip(run.percentiles)
        .map(|(name, values)| {
            let mut row = vec![Cell::text(name)];
            match values {
                Some(values) => row.extend(values.map(|v| Cell::number(v, format::duration(v)))),
                None => row.extend((0..4).map(|_| Cell::text("not measured"))),
            }
            row
        })
        .collect();
    DataTable {
        caption: format!("Percentiles over the run's successful requests ({})", run.label),
        headers: vec!["", "p50|s", "p90|s", "p95|s", "p99|s"],
        rows,
        current_row: None,
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::measurements::Record;

    pub(in crate::text::measurements) fn synthetic_run() -> Run {
        let mut run = Run::new(measurements::Format::Csv, "synthetic, model m");
        for i in 0..200 {
            let prompt = 500.0 + 40.0 * f64::from(i);
            let output = 100.0 + f64::from(i % 7) * 30.0;
            let queue = f64::from(i % 5) * 0.01;
            let ttft = 0.05 + prompt / 10_000.0 + queue;
            let e2e = ttft + (output - 1.0) / 50.0;
            run.records.push(Record::new(prompt, output, Some(ttft), Some(e2e)));
        }
        run.records.push(Record::new(100.0, 0.0, None, None).failed("timeout"));
        run.records.push(Record::new(100.0, 1.0, Some(0.1), Some(0.1)));
        run
    }

    #[test]
    fn a_synthetic_run_gives_its_rates_and_reasons() {
        let run = synthetic_run();
        let fit = measurements::fit(&run);
        let view = run_view(&run, &fit, &RunFigures::of(&fit));
        assert_eq!(view.format_id, "csv");
        assert_eq!((view.records, view.used, view.dropped), (202, 200, 2));
        assert_eq!(view.dropped_text, "1 failed, 1 with fewer than two output tokens");
        let prefill = view.prefill_tokens_per_sec.unwrap();
        assert!((prefill / 10_000.0 - 1.0).abs() < 0.03, "{prefill}");
        assert!((view.decode_tokens_per_sec.unwrap() / 50.0 - 1.0).abs() < 0.03);
        assert_eq!(view.prefill_text, format::rate(prefill));
        assert!(
            view.crossing_text.contains("prompt tokens per output token"),
            "{}",
            view.crossing_text
        );
        assert!(view.percentiles.iter().all(Option::is_some));
    }

    #[test]
    fn downloads_are_named_after_the_page_and_the_tool() {
        let run = RunView {
            label: "vLLM, llama, 256 concurrent".to_string(),
            format_id: "vllm".to_string(),
            format_name: "vLLM".to_string(),
            ..RunView::default()
        };
        assert_eq!(file_stem(&run), "crossover-vllm");
        let run = RunView { format_id: "gen ai/perf".to_string(), ..run };
        assert_eq!(file_stem(&run), "crossover-genaiperf");
    }

    #[test]
    fn the_percentile_table_says_what_was_not_measured() {
        let view = RunView {
            label: "run".to_string(),
            percentiles: [Some([0.1, 0.2, 0.3, 1.5]), None, Some([1.0, 2.0, 3.0, 4.0])],
            ..RunView::default()
        };
        let table = percentile_table(&view);
        assert_eq!(table.rows.len(), 3);
        assert_eq!(table.rows[0][4].text, "1.5 s");
        assert_eq!(table.rows[0][1].value, Some(0.1));
        assert_eq!(table.rows[1][1].text, "not measured");
        assert!(table.to_csv().starts_with(",p50 (s),p90 (s)"));
    }
}
