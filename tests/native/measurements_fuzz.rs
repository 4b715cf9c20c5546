//! Fuzzing the benchmark reader: whatever text is dropped on the page (random bytes, random
//! JSON-ish text, or a real result file damaged anywhere) must come back as runs or a refusal,
//! never a panic, and every number the reader and the fit hand on must be one the page can
//! draw: token counts finite and non-negative, times finite and non-negative where present,
//! fitted values finite.

use crossover::measurements::file_text::{cleaned, MAX_CHARS};
use crossover::measurements::{export, fit, read, Run};
use crossover::state::notice::{is_format, renders_blank};
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
        assert_shown_text_is_clean(&runs);
    }
}

/// What a run carries for showing holds no control, direction or invisible character, and no
/// text from the file longer than a line.
fn assert_shown_text_is_clean(runs: &[Run]) {
    for run in runs {
        let texts = std::iter::once(&run.label)
            .chain(&run.notes)
            .chain(run.records.iter().filter_map(|r| r.failure.as_ref()));
        for text in texts {
            assert!(!text.chars().any(|c| c.is_control() || is_format(c)), "{text:?}");
        }
        assert!(run.label.chars().count() <= 4 * MAX_CHARS, "{}", run.label);
        for failure in run.records.iter().filter_map(|r| r.failure.as_ref()) {
            assert!(failure.chars().count() <= MAX_CHARS, "{failure}");
        }
    }
}

/// A number as a spreadsheet or a script might write it in a cell.
fn cell_number() -> impl Strategy<Value = (f64, String)> {
    prop_oneof![
        (0u64..100_000_000).prop_map(|n| (n as f64, n.to_string())),
        (0u64..100_000_000)
            .prop_map(|n| (n as f64, crossover::format::with_separators(n as f64, 0))),
        (0u64..10_000_000, 1u32..4).prop_map(|(n, d)| {
            let x = n as f64 / 10f64.powi(d as i32);
            (x, crossover::format::with_separators(x, d as usize))
        }),
    ]
}

/// A cell that is not a plain number: decimal commas, stray commas and points, signs, text.
fn odd_cell() -> impl Strategy<Value = String> {
    prop_oneof![
        "[0-9]{1,4},[0-9]{1,4}",
        "[0-9]{1,3}(\\.[0-9]{3}){0,2},[0-9]{1,3}",
        "-?[0-9]{0,3},{1,2}[0-9]{0,5}",
        "[0-9,.;\t\"]{0,8}",
        ".{0,12}",
    ]
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
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// Any text is cleaned to at most a line, without a control, direction or invisible
    /// character, and cleaning again changes nothing.
    #[test]
    fn cleaned_text_is_short_plain_and_stable(chars in prop::collection::vec(any::<char>(), 0..400)) {
        let raw: String = chars.into_iter().collect();
        let shown = cleaned(&raw);
        prop_assert!(shown.chars().count() <= MAX_CHARS);
        prop_assert!(!shown.chars().any(|c| c.is_control() || is_format(c)), "{:?}", shown);
        prop_assert!(!shown.chars().any(|c| renders_blank(c) && !c.is_whitespace()), "{:?}", shown);
        prop_assert_eq!(cleaned(&shown), shown.clone());
        prop_assert_eq!(shown.trim(), shown.as_str());
        // Text already plain and short is kept as it is. Hangul's fillers count as letters
        // but draw nothing, so they are not plain text: cleaning drops them.
        let plain: String = raw
            .chars()
            .filter(|c| c.is_alphanumeric() && !renders_blank(*c))
            .take(MAX_CHARS)
            .collect();
        prop_assert_eq!(cleaned(&plain), plain);
    }

    /// Whatever a file names its model or its errors, and whatever the file is called, what
    /// the run shows of them is a short, plain line.
    #[test]
    fn any_name_from_a_file_is_shown_short_and_plain(chars in prop::collection::vec(any::<char>(), 0..300)) {
        let raw: String = chars.into_iter().collect();
        let escaped: String = raw.encode_utf16().map(|u| format!("\\u{u:04x}")).collect();
        let file = format!(
            r#"{{"model_id": "{escaped}", "input_lens": [100, 900], "output_lens": [20, 30],
                "ttfts": [0.1, 0.2], "itls": [[0.01], [0.02]], "errors": ["", "{escaped}"]}}"#
        );
        let runs = read(&file, &raw).expect("a readable run");
        assert_shown_text_is_clean(&runs);
        let shown = cleaned(&raw);
        if !shown.is_empty() {
            prop_assert_eq!(runs[0].label.clone(), format!("vLLM · {shown}"));
        }
    }

    /// A CSV with numbers written plainly or with thousands separators, in any of the three
    /// delimiters, reads each number as written; odd cells beside them (decimal commas, stray
    /// separators, any text) never panic the reader and never change those numbers.
    #[test]
    fn csv_numbers_with_separators_read_as_written(
        rows in prop::collection::vec((cell_number(), cell_number(), odd_cell()), 1..20),
        delimiter in prop::sample::select(vec![',', ';', '\t']),
    ) {
        let d = delimiter;
        let quoted = |t: &str| format!("\"{}\"", t.replace('"', "\"\""));
        let mut text = format!("prompt_tokens{d}output_tokens{d}ttft_s{d}e2e_s\n");
        for ((_, prompt), (_, ttft), odd) in &rows {
            text.push_str(&format!("{}{d}20{d}{}{d}{}\n", quoted(prompt), quoted(ttft), quoted(odd)));
        }
        let runs = read(&text, "fuzz.csv");
        if let Ok(runs) = &runs {
            assert_sane(runs);
            assert_shown_text_is_clean(runs);
        }
        let usable = rows.iter().any(|(_, (ttft, _), _)| *ttft > 0.0);
        if let (Ok(runs), true) = (&runs, usable) {
            for (record, ((prompt, _), (ttft, _), _)) in runs[0].records.iter().zip(&rows) {
                prop_assert_eq!(record.prompt_tokens, *prompt, "{:?}", text);
                prop_assert_eq!(record.ttft_secs, Some(*ttft), "{:?}", text);
            }
        } else {
            prop_assert!(!usable, "{:?}: {:?}", text, runs.err());
        }
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
