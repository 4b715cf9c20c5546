//! Every published result file in `tests/data/bench-results/` read as a user would drop it on
//! the page: the detected format, the counts of records, failures and drops given in that
//! folder's README, and the units checked against each file's own summary (read here directly
//! from the file, not through the format readers).

use crossover::measurements::fit::{Counts, Quantiles};
use crossover::measurements::json::{self, Value};
use crossover::measurements::{fit, read, Format, Refusal, Run};

const DIR: &str = "tests/data/bench-results";

fn text(name: &str) -> String {
    std::fs::read_to_string(format!("{DIR}/{name}")).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn runs(name: &str) -> Vec<Run> {
    read(&text(name), name).unwrap_or_else(|r| panic!("{name} refused: {r}"))
}

/// The single run of a file, with its format checked.
fn only_run(name: &str, format: Format) -> Run {
    let mut runs = runs(name);
    assert_eq!(runs.len(), 1, "{name}: runs");
    let run = runs.remove(0);
    assert_eq!(run.format, format, "{name}: format");
    assert_eq!(run.format.id(), format.id());
    run
}

/// The file's first JSON document (or line), for reading its summary keys.
fn document(name: &str) -> Value<'static> {
    let text: &'static str = Box::leak(text(name).into_boxed_str());
    json::parse_many(text).unwrap().into_iter().next().unwrap()
}

fn mean(values: impl Iterator<Item = f64>) -> f64 {
    let v: Vec<f64> = values.collect();
    v.iter().sum::<f64>() / v.len() as f64
}

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * b.abs().max(1e-12)
}

fn ok_ttfts(run: &Run) -> impl Iterator<Item = f64> + '_ {
    run.records.iter().filter(|r| !r.is_failed()).filter_map(|r| r.ttft_secs)
}

fn ok_e2es(run: &Run) -> impl Iterator<Item = f64> + '_ {
    run.records.iter().filter(|r| !r.is_failed()).filter_map(|r| r.e2e_secs)
}

fn counts(records: usize, used: usize, failed: usize, no_ttft: usize, too_few: usize) -> Counts {
    Counts { records, used, failed, no_ttft, no_e2e: 0, too_few_output_tokens: too_few }
}

#[test]
fn vllm_detailed() {
    let name = "vllm_benchmark_serving_detailed__aurotripathy_llama3.1-70b-fp8_conc256.json";
    let run = only_run(name, Format::Vllm);
    assert_eq!((run.records.len(), run.failed_count()), (100, 0));
    assert!(run.label.contains("Meta-Llama-3.1-70B-Instruct-FP8"), "{}", run.label);
    let doc = document(name);
    let summary = |k: &str| doc.get(k).and_then(Value::as_f64).unwrap();
    // Seconds in the arrays, milliseconds in the summary.
    assert!(close(mean(ok_ttfts(&run)) * 1000.0, summary("mean_ttft_ms"), 1e-9));
    let prompts: f64 = run.records.iter().map(|r| r.prompt_tokens).sum();
    let outputs: f64 = run.records.iter().map(|r| r.output_tokens).sum();
    assert_eq!((prompts, outputs), (summary("total_input_tokens"), summary("total_output_tokens")));
    assert!(!run.checks.is_empty() && run.checks.iter().all(|c| c.agrees()), "{:?}", run.checks);

    let f = fit(&run);
    assert_eq!(f.counts, counts(100, 100, 0, 0, 0));
    let p = f.percentiles.ttft_secs.unwrap();
    assert!(close(p.p99 * 1000.0, summary("p99_ttft_ms"), 1e-9));
    assert!(close(p.p50 * 1000.0, summary("median_ttft_ms"), 1e-9));
    // Every request wrote over 16 tokens, so the decode rate is the inverse of the file's own
    // median TPOT.
    let decode = f.decode_tokens_per_sec.unwrap().value;
    assert!(close(decode, 1000.0 / summary("median_tpot_ms"), 1e-6), "{decode}");
    // Prompts 446–487 tokens: too alike for a prefill rate.
    assert!(f.prefill_tokens_per_sec.is_none() && f.flat_prompts.is_some());
}

#[test]
fn sglang_with_output_details() {
    let name = "sglang_0.5.9_bench_serving_output-details__llm-benchmaq_qwen3.5-27b.jsonl";
    let run = only_run(name, Format::Sglang);
    assert_eq!((run.records.len(), run.failed_count()), (100, 0));
    // Request 27: completed, one output token, TTFT 0.0.
    let r27 = &run.records[27];
    assert_eq!((r27.output_tokens, r27.ttft_secs), (1.0, Some(0.0)));
    let doc = document(name);
    let summary = |k: &str| doc.get(k).and_then(Value::as_f64).unwrap();
    assert!(doc.get("request_rate").and_then(Value::as_f64).unwrap().is_infinite());
    assert!(close(mean(ok_ttfts(&run)) * 1000.0, summary("mean_ttft_ms"), 1e-9));
    // End-to-end is rebuilt from TTFT and the gaps, ending at the last chunk: within 1% of the
    // tool's own end-to-end figure.
    assert!(close(mean(ok_e2es(&run)) * 1000.0, summary("mean_e2e_latency_ms"), 0.01));
    assert!(run.checks.iter().all(|c| c.agrees()), "{:?}", run.checks);
    assert!(run.notes.iter().any(|n| n.contains("Infinity")));

    let f = fit(&run);
    assert_eq!(f.counts, counts(100, 99, 0, 1, 0));
    assert!(close(f.percentiles.ttft_secs.unwrap().p99 * 1000.0, summary("p99_ttft_ms"), 1e-9));
    // Prompts spread from 16 to 8,152 tokens: a prefill rate is claimed.
    assert!(f.prefill_tokens_per_sec.is_some() && f.flat_prompts.is_none());
    assert!(f.crossing.is_some());
}

#[test]
fn sglang_summary_only_is_refused() {
    let name = "sglang_bench_serving_summary_only__datacrunch_llama3.3-70b_online.jsonl";
    let refusal = read(&text(name), name).unwrap_err();
    assert!(
        matches!(refusal, Refusal::SummaryOnly { tool: Format::Sglang, runs: 7, .. }),
        "{refusal:?}"
    );
    let message = refusal.to_string();
    assert!(message.contains("--output-details"), "{message}");
    assert!(message.contains("7 runs") && message.contains("no per-request records"));
}

#[test]
fn llmperf_anyscale() {
    let name = "llmperf_individual__leaderboard_anyscale_70b.json";
    let run = only_run(name, Format::Llmperf);
    assert_eq!((run.records.len(), run.failed_count()), (150, 0));
    // Seconds throughout: each record's times equal the file's `_s` fields.
    let doc = document(name);
    let items = doc.as_array().unwrap();
    for (record, item) in run.records.iter().zip(items) {
        assert_eq!(record.ttft_secs, item.get("ttft_s").and_then(Value::as_f64));
        assert_eq!(record.e2e_secs, item.get("end_to_end_latency_s").and_then(Value::as_f64));
    }
    let f = fit(&run);
    assert_eq!(f.counts, counts(150, 150, 0, 0, 0));
    assert!(f.prefill_tokens_per_sec.is_none(), "every prompt is 550 tokens");
    assert!(f.decode_tokens_per_sec.is_some());
}

#[test]
fn llmperf_reads_its_inter_token_latency_higher_than_the_decode_gap() {
    // LLMPerf's own figure folds the first-token wait in, so its median lies above the page's
    // gap between tokens and near end-to-end ÷ tokens: 14.6 ms against 13.8 ms on this file.
    let name = "llmperf_individual__leaderboard_anyscale_70b.json";
    let run = only_run(name, Format::Llmperf);
    let doc = document(name);
    let own: Vec<f64> = doc
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|item| item.get("inter_token_latency_s").and_then(Value::as_f64))
        .collect();
    let own_median = Quantiles::of(&own).unwrap().p50;
    let fitted = fit(&run);
    let gap_median = fitted.percentiles.tpot_secs.unwrap().p50;
    let per_token: Vec<f64> =
        run.records.iter().filter_map(|r| Some(r.e2e_secs? / r.output_tokens)).collect();
    let per_token_median = Quantiles::of(&per_token).unwrap().p50;
    let ms = |x: f64| (x * 10_000.0).round() / 10.0;
    assert_eq!((ms(own_median), ms(gap_median)), (14.6, 13.8));
    assert!(own_median > gap_median, "LLMPerf's reads higher");
    assert!((own_median - per_token_median).abs() < (own_median - gap_median).abs());
    let said = &fitted.percentiles.tpot_definition;
    assert!(said.contains("reads higher") && !said.contains("lower"), "{said}");
    assert!(run.notes.iter().any(|n| n.contains("reads higher")), "{:?}", run.notes);
}

#[test]
fn llmperf_bedrock_with_error_code_minus_100() {
    let name = "llmperf_individual__leaderboard_bedrock_70b.json";
    let run = only_run(name, Format::Llmperf);
    assert_eq!((run.records.len(), run.failed_count()), (150, 49));
    assert!(run
        .records
        .iter()
        .filter(|r| r.is_failed())
        .all(|r| { r.failure.as_deref().unwrap().contains("-100") && r.ttft_secs.is_some() }));
    let f = fit(&run);
    assert_eq!(f.counts, counts(150, 101, 49, 0, 0));
}

#[test]
fn aiperf_early_schema() {
    let name = "aiperf_0.1.1_profile_export__ai-dynamo_examples_run1.jsonl";
    let run = only_run(name, Format::Aiperf);
    assert_eq!((run.records.len(), run.failed_count()), (100, 11));
    // The error lines come first.
    assert!(run.records[..11].iter().all(|r| r.is_failed()));
    // Units from each metric's unit field (ms here), and output counts including reasoning.
    let lines: Vec<Value<'static>> = {
        let text: &'static str = Box::leak(text(name).into_boxed_str());
        json::parse_many(text).unwrap()
    };
    for (record, line) in run.records.iter().zip(&lines).filter(|(r, _)| !r.is_failed()) {
        let metric = |k: &str| line.path(&["metrics", k, "value"]).and_then(Value::as_f64);
        assert_eq!(line.path(&["metrics", "ttft", "unit"]).and_then(Value::as_str).unwrap(), "ms");
        assert!(close(record.ttft_secs.unwrap() * 1000.0, metric("ttft").unwrap(), 1e-12));
        assert!(close(
            record.e2e_secs.unwrap() * 1000.0,
            metric("request_latency").unwrap(),
            1e-12
        ));
        let visible = metric("output_token_count").unwrap_or(0.0);
        let reasoning = metric("reasoning_token_count").unwrap_or(0.0);
        assert_eq!(record.output_tokens, visible + reasoning);
    }
    let f = fit(&run);
    assert_eq!(f.counts, counts(100, 89, 11, 0, 0));
    assert!(f.prefill_tokens_per_sec.is_none(), "every prompt is 550 tokens");
}

#[test]
fn guidellm_v02() {
    let name = "guidellm_v0.2-schema_benchmarks__graz-dev_qwen2.5-7b_throughput.json";
    let run = only_run(name, Format::Guidellm);
    assert_eq!((run.records.len(), run.failed_count()), (1000, 0));
    assert!(run.label.contains("qwen2.5-7b") && run.label.contains("throughput"), "{}", run.label);
    let doc = document(name);
    let metric = |k: &str| {
        doc.get("benchmarks").and_then(Value::as_array).unwrap()[0]
            .path(&["metrics", k, "successful", "mean"])
            .and_then(Value::as_f64)
            .unwrap()
    };
    // TTFT in ms in the field name, request_latency in seconds.
    assert!(close(mean(ok_ttfts(&run)) * 1000.0, metric("time_to_first_token_ms"), 1e-9));
    assert!(close(mean(ok_e2es(&run)), metric("request_latency"), 1e-9));
    assert!(run.checks.len() == 3 && run.checks.iter().all(|c| c.agrees()));
    // TTFT reaches 104.5 s in the client's queue.
    let max_ttft = ok_ttfts(&run).fold(0.0, f64::max);
    assert!((104.0..105.0).contains(&max_ttft), "{max_ttft}");
    let f = fit(&run);
    assert_eq!(f.counts, counts(1000, 1000, 0, 0, 0));
    assert!(f.streamed && f.prefill_tokens_per_sec.is_none());
}

#[test]
fn llm_load_test_v2_draft_mixed_units() {
    let name = "llm-load-test_v2-draft_output__openshift-psap.json";
    let run = only_run(name, Format::LlmLoadTest);
    assert_eq!((run.records.len(), run.failed_count()), (107, 0));
    let doc = document(name);
    let results = doc.get("results").and_then(Value::as_array).unwrap();
    for (record, item) in run.records.iter().zip(results) {
        let num = |k: &str| item.get(k).and_then(Value::as_f64).unwrap();
        // response_time is seconds: it equals end − start.
        assert!(close(record.e2e_secs.unwrap(), num("end") - num("start"), 1e-3));
        // TTFT is milliseconds.
        assert!(close(record.ttft_secs.unwrap() * 1000.0, num("TTFT"), 1e-12));
        assert!(record.ttft_secs.unwrap() < record.e2e_secs.unwrap());
    }
    let f = fit(&run);
    assert_eq!(f.counts, counts(107, 107, 0, 0, 0));
    assert!(f.streamed);
}

#[test]
fn llm_load_test_not_streamed() {
    let name = "llm-load-test_output__wes-spinks_nonstreaming.json";
    let run = only_run(name, Format::LlmLoadTest);
    assert_eq!((run.records.len(), run.failed_count()), (36, 0));
    assert!(run.records.iter().all(|r| r.ttft_secs.is_none()));
    let doc = document(name);
    let stated = doc.path(&["summary", "response_time", "mean"]).and_then(Value::as_f64).unwrap();
    assert!(close(mean(ok_e2es(&run)) * 1000.0, stated, 1e-9), "response_time is in ms here");
    assert!(doc.path(&["summary", "ttft", "mean"]).and_then(Value::as_f64).unwrap().is_nan());
    let f = fit(&run);
    assert!(!f.streamed);
    assert_eq!(
        f.counts,
        Counts {
            records: 36,
            used: 36,
            failed: 0,
            no_ttft: 0,
            no_e2e: 0,
            too_few_output_tokens: 0
        }
    );
    assert!(f.joint.is_some() && f.decode_tokens_per_sec.is_some());
    assert!(f.notes.iter().any(|n| n.contains("TTFT was not measured")));
}

#[test]
fn every_file_is_read_or_refused_and_fits_are_finite() {
    for entry in std::fs::read_dir(DIR).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        if name.ends_with(".md") {
            continue;
        }
        let Ok(runs) = read(&text(&name), &name) else { continue };
        for run in runs {
            let f = fit(&run);
            assert_eq!(f.counts.used + f.counts.dropped(), f.counts.records, "{name}");
            assert_eq!(f.residuals.len(), f.counts.used, "{name}");
            for r in &f.residuals {
                assert!(r.floor_secs.is_finite() && r.excess_secs.is_finite(), "{name}");
            }
            let csv = crossover::measurements::export::fit_csv(&run, &f);
            assert!(csv.starts_with("quantity,value"));
            let residuals = crossover::measurements::export::residuals_csv(&f);
            assert_eq!(residuals.lines().count(), f.residuals.len() + 1);
        }
    }
}

/// What each file states about its run, as written there and named by its key; nothing is read
/// from a file's name or its repository.
#[test]
fn each_file_states_its_model_engine_date_and_hardware_where_it_has_them() {
    fn said(s: &Option<crossover::measurements::meta::Stated>) -> Option<(&str, &'static str)> {
        s.as_ref().map(|s| (s.value.as_str(), s.key))
    }
    let vllm = only_run(
        "vllm_benchmark_serving_detailed__aurotripathy_llama3.1-70b-fp8_conc256.json",
        Format::Vllm,
    );
    assert_eq!(
        said(&vllm.meta.model),
        Some(("neuralmagic/Meta-Llama-3.1-70B-Instruct-FP8", "model_id"))
    );
    assert_eq!(said(&vllm.meta.date), Some(("20250327-023234", "date")));
    assert_eq!(
        (vllm.meta.engine.as_ref(), vllm.meta.hardware.as_ref()),
        (None, None),
        "the file names neither (8×H100 is only in its path)"
    );
    let sglang = only_run(
        "sglang_0.5.9_bench_serving_output-details__llm-benchmaq_qwen3.5-27b.jsonl",
        Format::Sglang,
    );
    assert_eq!(
        said(&sglang.meta.model),
        Some(("/workspace/qwen-3.5-27b", "server_info.served_model_name"))
    );
    assert_eq!(said(&sglang.meta.engine), Some(("SGLang 0.5.9", "server_info.version")));
    assert_eq!(
        sglang.meta.hardware.as_ref().map(|h| h.value.as_str()),
        Some("tp 8, dp 1, on cuda")
    );
    assert_eq!(sglang.meta.precision.as_ref().map(|h| h.value.as_str()), Some("bfloat16"));
    assert_eq!(sglang.meta.chips, Some(8.0), "tp 8 × dp 1");
    assert_eq!(
        sglang.meta.tool_version, None,
        "server_info.version is the server's, not the benchmark's"
    );
    assert_eq!(vllm.meta.chips, None);
    let guidellm = runs("guidellm_v0.2-schema_benchmarks__graz-dev_qwen2.5-7b_throughput.json");
    assert_eq!(said(&guidellm[0].meta.model), Some(("qwen2.5-7b", "worker.backend_model")));
    assert_eq!(said(&guidellm[0].meta.date), Some(("2026-05-25 13:31 UTC", "start_time")));
    let llmperf = only_run("llmperf_individual__leaderboard_bedrock_70b.json", Format::Llmperf);
    assert_eq!(llmperf.meta, Default::default(), "LLMPerf's records state nothing of the run");
}
