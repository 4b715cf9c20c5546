//! A yardstick, not a test: builds a vLLM-style result file of 100,000 requests (about 40 MB,
//! with every inter-token gap listed) and reports how long reading and fitting it take natively,
//! in the release profile the page ships with, how that time splits across the fit's stages
//! (the shares `Stage::share_done` gives a progress bar), and how much memory the worker keeps
//! for a run: that big one, and each of a file of 1,000 small runs (counted by the allocator):
//!
//! ```text
//! cargo bench -p crossover-worker --bench import_speed
//! ```

#![expect(clippy::print_stdout, reason = "a benchmark that reports")]

use cap::Cap;
use crossover::charts::measured::{RunFigure, RunFigures};
use crossover::charts::{to_svg, Style};
use crossover::measurements::fit::{fit_with_progress, Stage};
use crossover::measurements::protocol::encode_runs;
use crossover::measurements::{fit, read};
use crossover_worker::runs::{file_facts, read_and_fit};
use std::alloc::System;
use std::fmt::Write;
use std::time::Instant;

#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

/// One JSON line per run, each a vLLM result of two requests (about 170 bytes a run), as a
/// sweep appended run after run gives.
fn small_runs(runs: usize) -> String {
    let line = r#"{"backend": "vllm", "input_lens": [100, 900], "output_lens": [20, 30], "ttfts": [0.1, 0.2], "itls": [[0.01], [0.02]], "errors": ["", ""], "completed": 2}"#;
    (0..runs).map(|_| format!("{line}\n")).collect()
}

/// The bytes the worker keeps for what `read_and_fit` gives it, and how many runs.
fn kept_bytes(text: &str) -> (usize, usize) {
    let before = ALLOCATOR.allocated();
    let (reply, fitted) =
        read_and_fit(text, &file_facts("runs.jsonl", text.as_bytes()), 0, &mut |_| {});
    drop(reply);
    let held = ALLOCATOR.allocated().saturating_sub(before);
    (held, fitted.len())
}

/// A vLLM `--save-detailed` file: prompt 100–8,000 tokens, answer 16–40 tokens, TTFT from a
/// floor plus queueing, and one inter-token gap per token after the first.
fn vllm_file(requests: usize) -> String {
    let mut state = 0x1234_5678_9abc_def0u64;
    let mut unit = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 11) as f64 / (1u64 << 53) as f64
    };
    let (mut inputs, mut outputs, mut ttfts, mut itls, mut errors) =
        (String::new(), String::new(), String::new(), String::new(), String::new());
    for i in 0..requests {
        let sep = if i == 0 { "" } else { ", " };
        let prompt = (100.0 + 7900.0 * unit()).round();
        let output = (16.0 + 24.0 * unit()).round();
        let queue = if unit() < 0.5 { -0.3 * unit().ln() } else { 0.0 };
        let ttft = 0.05 + prompt / 10_000.0 + queue;
        write!(inputs, "{sep}{prompt}").unwrap();
        write!(outputs, "{sep}{output}").unwrap();
        write!(ttfts, "{sep}{ttft:.9}").unwrap();
        itls.push_str(sep);
        itls.push('[');
        for k in 0..(output as usize - 1) {
            let gap = 0.02 * (0.9 + 0.2 * unit());
            write!(itls, "{}{gap:.9}", if k == 0 { "" } else { ", " }).unwrap();
        }
        itls.push(']');
        write!(errors, "{sep}\"\"").unwrap();
    }
    format!(
        "{{\"backend\": \"vllm\", \"model_id\": \"synthetic\", \"request_rate\": Infinity, \
         \"completed\": {requests}, \"input_lens\": [{inputs}], \"output_lens\": [{outputs}], \
         \"ttfts\": [{ttfts}], \"itls\": [{itls}], \"errors\": [{errors}], \
         \"mean_ttft_ms\": 0.0}}"
    )
}

fn main() {
    let text = vllm_file(100_000);
    let started = Instant::now();
    let parsed = crossover::measurements::json::parse(&text).unwrap();
    println!("JSON parse alone: {:.0} ms", started.elapsed().as_secs_f64() * 1e3);
    drop(parsed);
    let started = Instant::now();
    let runs = read(&text, "big.json").unwrap();
    let read_secs = started.elapsed().as_secs_f64();
    let fitted = fit(&runs[0]);
    let total_secs = started.elapsed().as_secs_f64();
    println!(
        "{:.1} MB, {} records: read {:.0} ms, fit {:.0} ms, total {:.0} ms (prefill {:.0} tok/s, \
         decode {:.1} tok/s)",
        text.len() as f64 / 1e6,
        runs[0].records.len(),
        read_secs * 1e3,
        (total_secs - read_secs) * 1e3,
        total_secs * 1e3,
        fitted.prefill_tokens_per_sec.map_or(f64::NAN, |e| e.value),
        fitted.decode_tokens_per_sec.map_or(f64::NAN, |e| e.value),
    );
    assert_eq!(fitted.counts.used, 100_000);

    // The fit's stages: how long each takes, as shares of the whole.
    let mut marks: Vec<(Stage, Instant)> = Vec::new();
    let started = Instant::now();
    fit_with_progress(&runs[0], &mut |stage| marks.push((stage, Instant::now())));
    let whole = started.elapsed().as_secs_f64();
    let shares: Vec<String> = marks
        .iter()
        .map(|(stage, at)| {
            format!("{stage:?} {:.2}", at.duration_since(started).as_secs_f64() / whole)
        })
        .collect();
    println!(
        "fit stages start at these shares of its {:.0} ms: {}",
        whole * 1e3,
        shares.join(", ")
    );

    // What the worker does after the fit: the figures' inputs, the results markup (with the
    // figures' words and tables), and one drawing of the three figures (into SVG here).
    let started = Instant::now();
    let figures = RunFigures::of(&fitted);
    let figures_secs = started.elapsed().as_secs_f64();
    let started = Instant::now();
    let (reply, _) = read_and_fit(&text, &file_facts("big.json", text.as_bytes()), 0, &mut |_| {});
    let worker_secs = started.elapsed().as_secs_f64();
    let started = Instant::now();
    let style = Style::default();
    let svg: usize = RunFigure::ALL
        .into_iter()
        .map(|f| to_svg(800, 340, |a| figures.draw(f, a, &style)).unwrap().len())
        .sum();
    let draw_secs = started.elapsed().as_secs_f64();
    println!(
        "figures' inputs {:.0} ms ({} marks); the worker's whole read, fit and markup {:.0} ms \
         (reply {:.0} KB); three figures drawn as SVG {:.0} ms ({:.0} KB)",
        figures_secs * 1e3,
        figures.ttft.cloud.as_ref().map_or(0, |c| c.marks.len())
            + figures.decode.cloud.as_ref().map_or(0, |c| c.marks.len())
            + figures.residuals.cloud.as_ref().map_or(0, |c| c.marks.len()),
        worker_secs * 1e3,
        encode_runs(&reply).len() as f64 / 1e3,
        draw_secs * 1e3,
        svg as f64 / 1e3,
    );

    // What the worker keeps: the run, its fit and its figures' inputs.
    drop(figures);
    let (big_bytes, _) = kept_bytes(&text);
    let small = small_runs(1_000);
    let (small_bytes, small_count) = kept_bytes(&small);
    println!(
        "memory kept per run: {:.1} MB for the run of 100,000 requests; {:.1} KB per small run, \
         {:.1} MB for {} runs of two requests ({:.0} KB file)",
        big_bytes as f64 / 1e6,
        small_bytes as f64 / small_count.max(1) as f64 / 1e3,
        small_bytes as f64 / 1e6,
        small_count,
        small.len() as f64 / 1e3,
    );
}
