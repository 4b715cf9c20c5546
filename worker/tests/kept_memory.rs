//! What the worker keeps of each run it has read, counted by the allocator: the runs stay in
//! its memory for as long as the page is open, so a file of many small runs must cost little
//! per run.
//!
//! The counting allocator sees the whole process, so this file holds one test.

use cap::Cap;
use crossover_worker::runs::{file_facts, read_and_fit};
use std::alloc::System;

#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

/// One JSON line per run, each a vLLM result of two requests (about 170 bytes a run).
fn many_runs(runs: usize) -> String {
    let line = r#"{"backend": "vllm", "input_lens": [100, 900], "output_lens": [20, 30], "ttfts": [0.1, 0.2], "itls": [[0.01], [0.02]], "errors": ["", ""], "completed": 2}"#;
    let mut text = String::new();
    for _ in 0..runs {
        text.push_str(line);
        text.push('\n');
    }
    text
}

#[test]
fn a_thousand_small_runs_keep_kilobytes_each() {
    let text = many_runs(1_000);
    let before = ALLOCATOR.allocated();
    let (reply, fitted) =
        read_and_fit(&text, &file_facts("sweep.jsonl", text.as_bytes()), 0, &mut |_| {});
    drop(reply);
    let held = ALLOCATOR.allocated().saturating_sub(before);
    assert_eq!(fitted.len(), 1_000);
    assert!(fitted.iter().all(|f| f.figures.ttft.cloud.is_some()), "each run has its figures");
    let per_run = held / fitted.len();
    assert!(per_run < 16_000, "{per_run} bytes per run, {held} in all");
}
