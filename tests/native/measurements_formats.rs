//! Layouts with no published sample in the test data: small files written here after each
//! tool's documented schema (GenAI-Perf's profile export, AIPerf's and GuideLLM's newer field
//! names, vLLM's appended runs, generic tables), and the refusals.

use crossover::measurements::{fit, read, Format, Refusal};

#[test]
fn genai_perf_counts_content_chunks_and_estimates_prompts() {
    // Two requests at concurrency 4; timestamps in ns. The first and last responses carry no
    // text (role announcement, [DONE]) and do not count.
    let chunk = |text: &str| {
        format!(
            r#"{{"response": "data: {{\"object\":\"chat.completion.chunk\",\"choices\":[{{\"delta\":{{\"content\":\"{text}\"}}}}]}}\n\n"}}"#
        )
    };
    let role = r#"{"response": "data: {\"object\":\"chat.completion.chunk\",\"choices\":[{\"delta\":{\"role\":\"assistant\"}}]}\n\n"}"#;
    let done = r#"{"response": "data: [DONE]\n\n"}"#;
    let request = |start: u64, prompt: &str| {
        format!(
            r#"{{"timestamp": {start},
                "request_inputs": {{"payload": "{{\"messages\":[{{\"role\":\"user\",\"content\":\"{prompt}\"}}],\"stream\":true}}"}},
                "response_timestamps": [{}, {}, {}, {}, {}],
                "response_outputs": [{role}, {}, {}, {}, {done}]}}"#,
            start + 100_000_000,
            start + 250_000_000,
            start + 300_000_000,
            start + 350_000_000,
            start + 360_000_000,
            chunk("Hello"),
            chunk(" there"),
            chunk("!"),
        )
    };
    let file = format!(
        r#"{{"service_kind": "openai", "endpoint": "v1/chat/completions",
            "experiments": [{{"experiment": {{"mode": "concurrency", "value": 4}},
            "requests": [{}, {}]}}]}}"#,
        request(1_000_000_000, "one two three four five six"),
        request(2_000_000_000, "a b c"),
    );
    let runs = read(&file, "profile_export.json").unwrap();
    assert_eq!(runs.len(), 1);
    let run = &runs[0];
    assert_eq!(run.format, Format::GenaiPerf);
    assert!(run.label.contains("concurrency 4"), "{}", run.label);
    let r = &run.records[0];
    assert_eq!(r.output_tokens, 3.0);
    assert!((r.ttft_secs.unwrap() - 0.25).abs() < 1e-9);
    assert!((r.e2e_secs.unwrap() - 0.35).abs() < 1e-9);
    assert_eq!(r.prompt_tokens, 8.0, "six words at 4 tokens per 3 words");
    assert_eq!(run.records[1].prompt_tokens, 4.0);
    assert!(run.notes.iter().any(|n| n.contains("no token counts")));
}

#[test]
fn aiperf_newer_schema_and_unit_field() {
    let line = |ttft: &str, unit: &str| {
        format!(
            r#"{{"metadata": {{"request_start_ns": 1, "benchmark_phase": "profiling"}},
                "metrics": {{"input_sequence_length": {{"value": 550, "unit": "tokens"}},
                "time_to_first_token": {{"value": {ttft}, "unit": "{unit}"}},
                "request_latency": {{"value": 2.5, "unit": "s"}},
                "output_sequence_length": {{"value": 100, "unit": "tokens"}}}}, "error": null}}"#
        )
        .replace('\n', " ")
    };
    let file = [line("255.5", "ms"), line("300000000", "ns"), line("0.4", "sec")].join("\n");
    let run = &read(&file, "x.jsonl").unwrap()[0];
    assert_eq!(run.format, Format::Aiperf);
    let ttfts: Vec<f64> = run.records.iter().map(|r| r.ttft_secs.unwrap()).collect();
    assert!((ttfts[0] - 0.2555).abs() < 1e-12 && (ttfts[1] - 0.3).abs() < 1e-12);
    assert!((ttfts[2] - 0.4).abs() < 1e-12);
    assert!(run.records.iter().all(|r| r.e2e_secs == Some(2.5)));

    let refused = read(&line("7", "fortnights"), "x.jsonl").unwrap_err();
    assert!(matches!(refused, Refusal::UnknownUnits { .. }), "{refused:?}");
    assert!(refused.to_string().contains("fortnights"));
}

#[test]
fn aiperf_aggregate_and_llmperf_summary_are_refused_with_the_file_to_load() {
    let aggregate = r#"{"time_to_first_token": {"unit": "ms", "avg": 120.0, "p50": 110.0},
                        "request_latency": {"unit": "ms", "avg": 900.0}}"#;
    let message = read(aggregate, "profile_export_aiperf.json").unwrap_err().to_string();
    assert!(message.contains("profile_export.jsonl"), "{message}");
    let summary = r#"{"version": "2023-08-31", "results_ttft_s_mean": 0.5, "results_ttft_s_quantiles_p50": 0.4}"#;
    let message = read(summary, "x_summary.json").unwrap_err().to_string();
    assert!(message.contains("individual_responses"), "{message}");
}

#[test]
fn guidellm_sweep_with_newer_timings() {
    let request = |start: f64, first: f64, end: f64, prompt: u32| {
        format!(
            r#"{{"request_id": "r", "info": {{"timings": {{"request_start": {start},
                "first_token_iteration": {first}, "last_token_iteration": {end},
                "request_end": {end}}}}},
                "input_metrics": {{"total_tokens": {prompt}}},
                "output_metrics": {{"total_tokens": 64}}}}"#
        )
    };
    let benchmark = |rate: f64, requests: &[String], errored: &[String]| {
        format!(
            r#"{{"config": {{"strategy": {{"type_": "constant", "rate": {rate}}}}},
                "requests": {{"successful": [{}], "incomplete": [], "errored": [{}]}}}}"#,
            requests.join(","),
            errored.join(",")
        )
    };
    let low = [request(10.0, 10.2, 11.5, 500), request(20.0, 20.3, 21.6, 1500)];
    let high = [request(30.0, 30.9, 33.0, 800)];
    let failed = [request(40.0, 40.5, 41.0, 900)];
    let file = format!(
        r#"{{"benchmarks": [{}, {}]}}"#,
        benchmark(1.0, &low, &[]),
        benchmark(8.0, &high, &failed)
    );
    let runs = read(&file, "benchmarks.json").unwrap();
    assert_eq!(runs.len(), 2, "one run per load level of the sweep");
    assert!(runs[0].label.contains("constant 1 req/s"), "{}", runs[0].label);
    assert!(runs[1].label.contains("constant 8 req/s"));
    let r = &runs[0].records[1];
    assert_eq!((r.prompt_tokens, r.output_tokens), (1500.0, 64.0));
    assert!((r.ttft_secs.unwrap() - 0.3).abs() < 1e-9 && (r.e2e_secs.unwrap() - 1.6).abs() < 1e-9);
    assert_eq!(runs[1].failed_count(), 1);
}

#[test]
fn vllm_appended_runs_become_one_run_each() {
    let run = |rate: &str, ttfts: &str| {
        format!(
            r#"{{"backend": "vllm", "model_id": "m", "request_rate": {rate}, "completed": 3,
                "input_lens": [100, 2000, 4000], "output_lens": [50, 60, 0],
                "ttfts": {ttfts}, "itls": [[0.02, 0.02], [0.03], []],
                "errors": ["", "", "Timeout"], "mean_ttft_ms": 1.0}}"#
        )
        .replace('\n', " ")
    };
    let file = [run("1.0", "[0.1, 0.3, 0.0]"), run("Infinity", "[0.5, 0.9, 0.0]")].join("\n");
    let runs = read(&file, "results.jsonl").unwrap();
    assert_eq!(runs.len(), 2);
    assert!(runs.iter().all(|r| r.format == Format::Vllm && r.failed_count() == 1));
    assert!(runs[1].label.contains("all requests at once"), "{}", runs[1].label);
    assert!((runs[0].records[0].e2e_secs.unwrap() - 0.14).abs() < 1e-12);
    assert_eq!(runs[0].records[2].failure.as_deref(), Some("Timeout"));
}

#[test]
fn generic_csv_with_units_in_column_names() {
    let csv = "prompt_tokens,output_tokens,TTFT (ms),e2e_latency_s,status\n\
               1000,200,150.5,4.2,ok\n\
               2000,100,\"250\",2.5,200\n\
               3000,50,0,0,500\n";
    let runs = read(csv, "mine.csv").unwrap();
    let run = &runs[0];
    assert_eq!(run.format, Format::Csv);
    assert_eq!(run.label, "CSV table · mine.csv");
    assert_eq!(run.records.len(), 3);
    assert!((run.records[0].ttft_secs.unwrap() - 0.1505).abs() < 1e-12);
    assert_eq!(run.records[1].e2e_secs, Some(2.5));
    assert_eq!(run.failed_count(), 1);
    let f = fit(run);
    assert_eq!((f.counts.used, f.counts.failed), (2, 1));
}

#[test]
fn generic_json_records_and_unitless_columns() {
    let json = r#"[{"input_tokens": 100, "output_tokens": 20, "ttft_ms": 80, "latency_ms": 900},
                   {"input_tokens": 300, "output_tokens": 40, "ttft_ms": 95, "latency_ms": 1700}]"#;
    let run = &read(json, "r.json").unwrap()[0];
    assert_eq!(run.format, Format::Json);
    assert_eq!(run.records[1].ttft_secs, Some(0.095));
    let jsonl = "{\"prompt_tokens\": 10, \"completion_tokens\": 5, \"e2e_ns\": 2e9}\n\
                 {\"prompt_tokens\": 20, \"completion_tokens\": 9, \"e2e_ns\": 3e9}\n";
    let run = &read(jsonl, "r.jsonl").unwrap()[0];
    assert_eq!(run.records.len(), 2);
    assert_eq!(run.records[0].e2e_secs, Some(2.0));

    let unitless = "prompt_tokens,output_tokens,ttft\n100,20,0.2\n";
    let refused = read(unitless, "t.csv").unwrap_err();
    assert!(matches!(refused, Refusal::UnknownUnits { .. }), "{refused:?}");
    assert!(refused.to_string().contains("ttft_ms"));
}

#[test]
fn unreadable_text_and_unknown_layouts_say_what_and_where() {
    assert_eq!(read("  \n", "x"), Err(Refusal::Empty));
    let cut_off = "{\"input_lens\": [1, 2],\n \"ttfts\": [0.1, ";
    match read(cut_off, "x.json").unwrap_err() {
        Refusal::Unparseable { line, .. } => assert_eq!(line, 2),
        other => panic!("{other:?}"),
    }
    let message = read("{\"hello\": 1}", "x.json").unwrap_err().to_string();
    assert!(message.contains("'hello'"), "{message}");
    let message = read("just some words\n", "x.txt").unwrap_err().to_string();
    assert!(message.contains("line 1"), "{message}");
}

#[test]
fn runs_without_usable_records_are_refused_or_left_out() {
    let all_failed = r#"[{"ttft_s": 0, "end_to_end_latency_s": 0, "number_input_tokens": 5,
                          "number_output_tokens": 0, "error_code": 500, "error_msg": "down"}]"#;
    let refused = read(all_failed, "x.json").unwrap_err();
    assert!(matches!(refused, Refusal::NoUsableRecords { tool: Format::Llmperf, .. }));
    assert!(refused.to_string().contains("all of them failed"), "{refused}");

    let good = r#"{"model_id": "m", "completed": 1, "input_lens": [100, 200], "output_lens": [50, 40], "ttfts": [0.1, 0.2], "itls": [[0.1], [0.1]], "errors": ["", ""]}"#;
    let bad = r#"{"model_id": "m", "completed": 0, "input_lens": [100], "output_lens": [0], "ttfts": [0.0], "itls": [[]], "errors": ["refused"]}"#;
    let runs = read(&format!("{good}\n{bad}\n"), "x.jsonl").unwrap();
    assert_eq!(runs.len(), 1);
    assert!(runs[0].notes.iter().any(|n| n.contains("1 of the file's 2 runs")));
}
