//! Fuzzing the benchmark reader: whatever text is dropped on the page (random bytes, random
//! JSON-ish text, or a real result file damaged anywhere) must come back as runs or a refusal,
//! never a panic, and every number the reader and the fit hand on must be one the page can
//! draw: token counts finite and non-negative, times finite and non-negative where present,
//! fitted values finite.

use crossover::measurements::{export, fit, read, Run};
use proptest::prelude::*;

fn assert_sane(runs: &[Run]) {
    for run in runs {
        for r in &run.records {
            assert!(r.prompt_tokens.is_finite() && r.prompt_tokens >= 0.0);
            assert!(r.output_tokens.is_finite() && r.output_tokens >= 0.0);
            for t in [r.ttft_secs, r.e2e_secs].into_iter().flatten() {
                assert!(t.is_finite() && t >= 0.0, "time {t}");
            }
        }
        let f = fit(run);
        assert_eq!(f.counts.used + f.counts.dropped(), f.counts.records);
        for e in [f.overhead_secs, f.prefill_tokens_per_sec, f.decode_tokens_per_sec]
            .into_iter()
            .flatten()
        {
            assert!(e.value.is_finite());
            if let Some((lo, hi)) = e.ci95 {
                assert!(lo.is_finite() && hi.is_finite() && lo <= e.value && e.value <= hi);
            }
        }
        for r in &f.residuals {
            assert!(r.floor_secs.is_finite() && r.excess_secs.is_finite() && r.queue_secs >= 0.0);
        }
        if let Some(c) = f.crossing {
            assert!(c.ratio.is_finite() && c.prompt_tokens.is_finite());
        }
        let _ = export::fit_csv(run, &f);
        let _ = export::residuals_csv(&f);
    }
}

fn read_any(text: &str) {
    if let Ok(runs) = read(text, "fuzz") {
        assert_sane(&runs);
    }
}

/// Fragments that steer random text towards the shapes the reader looks for.
const PIECES: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "\"",
    "\n",
    " ",
    "NaN",
    "Infinity",
    "-Infinity",
    "null",
    "true",
    "1e309",
    "-0",
    "0.5",
    "123",
    "\"input_lens\"",
    "\"output_lens\"",
    "\"ttfts\"",
    "\"itls\"",
    "\"errors\"",
    "\"metrics\"",
    "\"metadata\"",
    "\"value\"",
    "\"unit\"",
    "\"ms\"",
    "\"ttft_s\"",
    "\"end_to_end_latency_s\"",
    "\"number_input_tokens\"",
    "\"benchmarks\"",
    "\"requests\"",
    "\"successful\"",
    "\"results\"",
    "\"response_time\"",
    "\"TTFT\"",
    "\"experiments\"",
    "\"timestamp\"",
    "\"response_timestamps\"",
    "\"completed\"",
    "\"mean_ttft_ms\"",
    "prompt_tokens,output_tokens,ttft_ms,e2e_s",
    "\\u12",
    "\\ud800",
    "é",
];

fn pieces() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 0..80).prop_map(|p| p.concat())
}

/// A real file with a few bytes deleted, replaced or inserted, or cut short.
#[derive(Clone, Debug)]
enum Mutation {
    Truncate(f64),
    Delete(f64, usize),
    Insert(f64, &'static str),
    Replace(f64, &'static str),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let at = 0.0..1.0f64;
    prop_oneof![
        at.clone().prop_map(Mutation::Truncate),
        (at.clone(), 1..40usize).prop_map(|(a, n)| Mutation::Delete(a, n)),
        (at.clone(), prop::sample::select(PIECES)).prop_map(|(a, p)| Mutation::Insert(a, p)),
        (at, prop::sample::select(PIECES)).prop_map(|(a, p)| Mutation::Replace(a, p)),
    ]
}

fn boundary(text: &str, fraction: f64) -> usize {
    let mut i = ((text.len() as f64) * fraction) as usize;
    while i < text.len() && !text.is_char_boundary(i) {
        i += 1;
    }
    i.min(text.len())
}

fn mutate(text: &str, mutations: &[Mutation]) -> String {
    let mut out = text.to_string();
    for m in mutations {
        match m {
            Mutation::Truncate(a) => out.truncate(boundary(&out, *a)),
            Mutation::Delete(a, n) => {
                let start = boundary(&out, *a);
                let mut end = (start + n).min(out.len());
                while !out.is_char_boundary(end) {
                    end += 1;
                }
                out.replace_range(start..end, "");
            }
            Mutation::Insert(a, p) => {
                let at = boundary(&out, *a);
                out.insert_str(at, p);
            }
            Mutation::Replace(a, p) => {
                let start = boundary(&out, *a);
                let mut end = (start + p.len()).min(out.len());
                while !out.is_char_boundary(end) {
                    end += 1;
                }
                out.replace_range(start..end, p);
            }
        }
    }
    out
}

/// The smaller real files (the GuideLLM file is read whole in the file tests; mutating its
/// 3.9 MB hundreds of times would only slow the suite).
fn real_files() -> &'static [String] {
    static FILES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    FILES.get_or_init(|| {
        let mut files: Vec<_> = std::fs::read_dir("tests/data/bench-results")
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e != "md"))
            .filter(|p| std::fs::metadata(p).unwrap().len() < 1_000_000)
            .collect();
        files.sort();
        files.iter().map(|p| std::fs::read_to_string(p).unwrap()).collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        read_any(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn arbitrary_strings_never_panic(text in ".{0,300}") {
        read_any(&text);
    }

    #[test]
    fn json_shaped_text_never_panics(text in pieces()) {
        read_any(&text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    #[test]
    fn damaged_real_files_never_panic(
        file in 0..8usize,
        mutations in prop::collection::vec(mutation(), 1..4),
    ) {
        let files = real_files();
        let text = &files[file % files.len()];
        read_any(&mutate(text, &mutations));
    }
}

#[test]
fn deep_nesting_is_refused_not_a_stack_overflow() {
    let deep = "[".repeat(100_000);
    assert!(read(&deep, "deep.json").is_err());
    let deep_objects = "{\"a\":".repeat(50_000);
    assert!(read(&deep_objects, "deep.json").is_err());
}
