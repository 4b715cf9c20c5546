//! The section "Your own measurements": what the page says about a run the reader loaded, and
//! the one-string form in which the Web Worker hands those results to the page.
//!
//! The worker calls [`read_and_fit`], which reads the file, fits each run and turns each into a
//! [`RunView`]: the numbers the page shows (unrounded, for `data-value`) with the sentences
//! already built. The page only [`decode_reply`]s it, so the reading and fitting code stays in
//! the worker's wasm and out of the first page load.

use crate::charts::table::{Cell, DataTable};
use crate::format;
use crate::measurements::fit::{Counts, Fit};
use crate::measurements::{self, export, Run};

/// The worker's first message: its handler is set and it can take files.
pub const READY: &str = "ready";

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
    pub fit_csv: String,
    pub residuals_csv: String,
}

/// Reads and fits `text`, and encodes the result for the page: the worker's whole job.
pub fn read_and_fit(text: &str, file_name: &str) -> String {
    let reply = measurements::read(text, file_name)
        .map(|runs| {
            runs.iter().map(|run| run_view(run, &measurements::fit(run))).collect::<Vec<_>>()
        })
        .map_err(|refusal| format!("{file_name}: {refusal}"));
    encode_reply(&reply)
}

/// The reply for a file the browser could not hand over as text.
pub fn unreadable(file_name: &str) -> String {
    encode_reply(&Err(format!(
        "{file_name}: the browser could not read this file as text. Check that it is a result \
         file (JSON, JSON Lines or CSV) and that it can still be opened."
    )))
}

/// What the page shows of one fitted run.
pub fn run_view(run: &Run, fit: &Fit) -> RunView {
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
        fit_csv: export::fit_csv(run, fit),
        residuals_csv: export::residuals_csv(fit),
    }
}

/// The dropped requests by reason, or "none".
pub fn dropped_text(counts: &Counts) -> String {
    let reasons: Vec<String> = [
        (counts.failed, "failed"),
        (counts.no_ttft, "without a TTFT"),
        (counts.no_e2e, "without an end-to-end time"),
        (counts.too_few_output_tokens, "with fewer than two output tokens"),
    ]
    .into_iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, why)| format!("{} {why}", format::with_separators(n as f64, 0)))
    .collect();
    if reasons.is_empty() {
        "none".to_string()
    } else {
        reasons.join(", ")
    }
}

/// Why a fit claims no prefill rate.
fn no_prefill_reason(fit: &Fit) -> String {
    match fit.flat_prompts {
        Some(flat) => format!(
            "none claimed: the prompts are all close to {} (interquartile range {}), too alike to \
             tell a rate from; at that length the first token takes at least {}",
            format::tokens(flat.median_prompt_tokens),
            format::tokens(flat.iqr_prompt_tokens),
            format::duration(flat.floor_ttft_secs.value),
        ),
        None if fit.counts.used < 2 => "none claimed: too few usable requests".to_string(),
        None => "none claimed: TTFT does not rise with prompt length in this run".to_string(),
    }
}

/// The run's own crossing, at its median answer.
pub fn crossing_text(fit: &Fit) -> String {
    match fit.crossing {
        Some(c) => format!(
            "With these rates, prefill and decode cost the same at {} prompt tokens per output \
             token. At this run's median answer of {}, a prompt of {} takes as long to read as \
             the answer takes to write.",
            format::trimmed(c.ratio, 1),
            format::tokens(c.median_output_tokens),
            format::tokens(c.prompt_tokens),
        ),
        None => {
            "There is no crossing to show: it needs both a prefill and a decode rate.".to_string()
        }
    }
}

/// Whether TTFT leaves the straight line at the run's longest prompts.
pub fn bending_text(fit: &Fit) -> String {
    match fit.bending {
        Some(b) if b.bends => format!(
            "TTFT bends upward at long prompts: for the longest tenth (from {}), the floor sits {} \
             above the straight line fitted to the rest. There, the straight line understates \
             the wait; the deeper model's section explains why.",
            format::tokens(b.from_prompt_tokens),
            format::percent(b.excess_fraction),
        ),
        Some(b) => format!(
            "TTFT stays on the straight line up to the longest prompts: the longest tenth (from \
             {}) sits within {} of it.",
            format::tokens(b.from_prompt_tokens),
            format::percent(b.excess_fraction.abs().max(0.0)),
        ),
        None => "Too few long prompts in this run to tell whether TTFT bends away from the \
                 straight line."
            .to_string(),
    }
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

/// What "Use these rates" changed: one sentence per value the page's bounds moved, then what
/// the link carries.
pub fn applied_text(clamped: &[(&str, &str, f64, f64)]) -> String {
    let mut out: Vec<String> = clamped
        .iter()
        .map(|(label, unit, wanted, got)| {
            format!(
                "The run's {} of {} {unit} is outside the page's range, so the control holds {} \
                 {unit}.",
                label.to_lowercase(),
                format::trimmed(*wanted, 3),
                format::trimmed(*got, 3),
            )
        })
        .collect();
    out.push(
        "The controls above now hold this run's prefill rate, decode rate and queue. The \
         address bar carries those three numbers only: your measurements stay in this tab and \
         are never put in a link."
            .to_string(),
    );
    out.join(" ")
}

/// A run in the list to choose from: its place, label and tool.
pub fn run_choice(index: usize, run: &RunView) -> String {
    format!("{}. {} ({})", index + 1, run.label, run.format_name)
}

/// Requests fitted out of those in the run.
pub fn records_text(used: usize, records: usize) -> String {
    format!(
        "{} of {}",
        format::with_separators(used as f64, 0),
        format::with_separators(records as f64, 0)
    )
}

/// The download's name: the tool, then what it holds (`fit` or `residuals`).
pub fn csv_file_name(run: &RunView, what: &str) -> String {
    let tool: String =
        run.format_id.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '-').collect();
    format!("crossover-{tool}-{what}.csv")
}

// The reply's separators: ASCII's record, group and unit separators, which no field keeps.
const RUN: char = '\u{1e}';
const NOTE: char = '\u{1d}';
const FIELD: char = '\u{1f}';
const OK: &str = "ok";
const REFUSED: &str = "refused";

/// The worker's answer to one file: its runs, or the refusal's message.
pub fn encode_reply(reply: &Result<Vec<RunView>, String>) -> String {
    match reply {
        Err(message) => format!("{REFUSED}{FIELD}{}", clean(message)),
        Ok(runs) => {
            let mut out = OK.to_string();
            for run in runs {
                out.push(RUN);
                out.push_str(&encode_run(run));
            }
            out
        }
    }
}

/// Reads [`encode_reply`]'s text back; `None` if it is not such a text.
pub fn decode_reply(text: &str) -> Option<Result<Vec<RunView>, String>> {
    if let Some(message) = text.strip_prefix(REFUSED).and_then(|t| t.strip_prefix(FIELD)) {
        return Some(Err(message.to_string()));
    }
    let mut parts = text.split(RUN);
    if parts.next()? != OK {
        return None;
    }
    parts.map(decode_run).collect::<Option<Vec<_>>>().map(Ok)
}

fn clean(text: &str) -> String {
    text.replace([RUN, NOTE, FIELD], " ")
}

fn number(x: Option<f64>) -> String {
    x.filter(|x| x.is_finite()).map(|x| x.to_string()).unwrap_or_default()
}

fn encode_run(run: &RunView) -> String {
    let mut fields = vec![
        clean(&run.label),
        clean(&run.format_id),
        clean(&run.format_name),
        run.records.to_string(),
        run.used.to_string(),
        run.dropped.to_string(),
        clean(&run.dropped_text),
        u8::from(run.streamed).to_string(),
        number(run.overhead_secs),
        number(run.prefill_tokens_per_sec),
        clean(&run.prefill_text),
        number(run.decode_tokens_per_sec),
        number(run.wait_secs),
        number(run.crossing_ratio),
        number(run.crossing_prompt_tokens),
        clean(&run.crossing_text),
        clean(&run.bending_text),
    ];
    for quantiles in run.percentiles {
        match quantiles {
            Some(q) => fields.extend(q.map(|v| number(Some(v)))),
            None => fields.extend((0..4).map(|_| String::new())),
        }
    }
    fields.push(clean(&run.tpot_definition));
    fields.push(run.notes.iter().map(|n| clean(n)).collect::<Vec<_>>().join(&NOTE.to_string()));
    fields.push(clean(&run.fit_csv));
    fields.push(clean(&run.residuals_csv));
    fields.join(&FIELD.to_string())
}

fn decode_run(text: &str) -> Option<RunView> {
    let mut f = text.split(FIELD);
    let mut next = || f.next().map(str::to_string);
    let count = |s: String| s.parse::<usize>().ok();
    let opt = |s: String| if s.is_empty() { Some(None) } else { s.parse::<f64>().ok().map(Some) };
    let mut run = RunView {
        label: next()?,
        format_id: next()?,
        format_name: next()?,
        records: count(next()?)?,
        used: count(next()?)?,
        dropped: count(next()?)?,
        dropped_text: next()?,
        streamed: next()? == "1",
        overhead_secs: opt(next()?)?,
        prefill_tokens_per_sec: opt(next()?)?,
        prefill_text: next()?,
        decode_tokens_per_sec: opt(next()?)?,
        wait_secs: opt(next()?)?,
        crossing_ratio: opt(next()?)?,
        crossing_prompt_tokens: opt(next()?)?,
        crossing_text: next()?,
        bending_text: next()?,
        ..RunView::default()
    };
    for slot in &mut run.percentiles {
        let values = [opt(next()?)?, opt(next()?)?, opt(next()?)?, opt(next()?)?];
        *slot = match values {
            [Some(a), Some(b), Some(c), Some(d)] => Some([a, b, c, d]),
            _ => None,
        };
    }
    run.tpot_definition = next()?;
    let notes = next()?;
    run.notes = notes.split(NOTE).filter(|n| !n.is_empty()).map(str::to_string).collect();
    run.fit_csv = next()?;
    run.residuals_csv = next()?;
    if next().is_some() {
        return None;
    }
    Some(run)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measurements::Record;

    fn bench_file(name: &str) -> String {
        let path = format!("{}/tests/data/bench-results/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(path).unwrap()
    }

    fn synthetic_run() -> Run {
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
        let view = run_view(&run, &measurements::fit(&run));
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
    fn the_reply_reads_back_exactly() {
        let run = synthetic_run();
        let mut view = run_view(&run, &measurements::fit(&run));
        view.label = "tabs\u{1f}and\u{1e}separators are dropped".to_string();
        view.overhead_secs = Some(0.1 + 0.2);
        view.percentiles[1] = None;
        let decoded = decode_reply(&encode_reply(&Ok(vec![view.clone(), view.clone()])));
        let mut expected = view;
        expected.label = "tabs and separators are dropped".to_string();
        assert_eq!(decoded, Some(Ok(vec![expected.clone(), expected])));
        assert_eq!(
            decode_reply(&encode_reply(&Err("no\u{1e}thing".to_string()))),
            Some(Err("no thing".to_string()))
        );
        assert_eq!(decode_reply("garbage"), None);
        assert_eq!(decode_reply("ok\u{1e}too\u{1f}few"), None);
    }

    #[test]
    fn real_files_give_the_librarys_counts_or_its_refusal() {
        let vllm = "vllm_benchmark_serving_detailed__aurotripathy_llama3.1-70b-fp8_conc256.json";
        let runs = decode_reply(&read_and_fit(&bench_file(vllm), vllm)).unwrap().unwrap();
        assert_eq!(runs.len(), 1);
        assert_eq!((runs[0].format_id.as_str(), runs[0].records), ("vllm", 100));
        let bedrock = "llmperf_individual__leaderboard_bedrock_70b.json";
        let runs = decode_reply(&read_and_fit(&bench_file(bedrock), bedrock)).unwrap().unwrap();
        assert_eq!((runs[0].used, runs[0].dropped), (101, 49));
        assert_eq!(runs[0].dropped_text, "49 failed");
        let summary = "sglang_bench_serving_summary_only__datacrunch_llama3.3-70b_online.jsonl";
        let refused = decode_reply(&read_and_fit(&bench_file(summary), summary)).unwrap();
        assert!(refused.unwrap_err().starts_with(summary));
    }

    #[test]
    fn choices_counts_and_file_names_read_plainly() {
        let run = RunView {
            label: "vLLM, llama, 256 concurrent".to_string(),
            format_id: "vllm".to_string(),
            format_name: "vLLM".to_string(),
            ..RunView::default()
        };
        assert_eq!(run_choice(0, &run), "1. vLLM, llama, 256 concurrent (vLLM)");
        assert_eq!(records_text(1_001, 1_500), "1,001 of 1,500");
        assert_eq!(csv_file_name(&run, "fit"), "crossover-vllm-fit.csv");
    }

    #[test]
    fn dropped_reasons_are_counted_or_none() {
        assert_eq!(dropped_text(&Counts::default()), "none");
        let counts = Counts { failed: 1200, no_ttft: 3, ..Counts::default() };
        assert_eq!(dropped_text(&counts), "1,200 failed, 3 without a TTFT");
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

    #[test]
    fn applying_says_what_was_clamped_and_that_the_link_holds_no_measurements() {
        let text = applied_text(&[("Prefill rate", "tok/s", 250_000.0, 200_000.0)]);
        assert!(text.starts_with("The run's prefill rate of 250,000 tok/s is outside"), "{text}");
        assert!(text.contains("holds 200,000 tok/s"), "{text}");
        assert!(applied_text(&[]).contains("never put in a link"));
    }
}
