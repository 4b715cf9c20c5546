//! Files that fight back: numbers written with separators, text that is huge or turns
//! sentences around, files saved as UTF-16, keys given twice and files holding thousands of
//! runs. Each is read as written, or refused with a message that says why, in a few lines.

use crossover::measurements::{fit, read, read_beside, Refusal, MAX_RUNS_PER_FILE};

/// The most characters the readers keep of one text from a file.
const MAX_CHARS: usize = 80;

/// Direction and invisible characters that must never reach a label, note or message.
fn hides_or_turns(c: char) -> bool {
    matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{feff}' | '\u{61c}')
}

/// Every text a run carries for showing: short, and free of control and direction characters.
fn assert_shown_text_is_clean(runs: &[crossover::measurements::Run]) {
    for run in runs {
        let texts = std::iter::once(&run.label)
            .chain(&run.notes)
            .chain(run.records.iter().filter_map(|r| r.failure.as_ref()));
        for text in texts {
            assert!(!text.chars().any(|c| c.is_control() || hides_or_turns(c)), "{text:?}");
            assert!(text.chars().count() < 2_000, "{} characters", text.chars().count());
        }
        assert!(run.label.chars().count() <= 4 * MAX_CHARS, "{}", run.label);
    }
}

/// A CSV of `rows` requests whose prompts grow by 1,000 tokens, at 10,000 tok/s after 50 ms,
/// every number written with a thousands separator where it has four digits or more.
fn grouped_csv(rows: usize) -> String {
    let mut csv = String::from("prompt_tokens,output_tokens,ttft_ms,e2e_ms\n");
    for i in 1..=rows {
        let prompt = 1_000 * i;
        let ttft_ms = 50.0 + prompt as f64 / 10.0;
        let grouped = |x: f64| crossover::format::with_separators(x, 1);
        csv.push_str(&format!(
            "\"{}\",40,\"{}\",\"{}\"\n",
            grouped(prompt as f64),
            grouped(ttft_ms),
            grouped(ttft_ms + 39.0 * 20.0)
        ));
    }
    csv
}

#[test]
fn thousands_separators_in_a_csv_are_read_as_thousands() {
    let runs = read(&grouped_csv(16), "grouped.csv").unwrap();
    let run = &runs[0];
    assert_eq!(run.records[0].prompt_tokens, 1_000.0);
    assert_eq!(run.records[15].prompt_tokens, 16_000.0);
    assert_eq!(run.records[1].ttft_secs, Some(0.25));
    assert!(
        run.notes.iter().any(|n| n.contains("thousands")),
        "a note says how commas were read: {:?}",
        run.notes
    );
    let prefill = fit(run).prefill_tokens_per_sec.unwrap().value;
    assert!((prefill - 10_000.0).abs() < 100.0, "prefill {prefill} tok/s");
    // The audit's case: a lone "1,000" is a thousand, not 1.0.
    let one = "prompt_tokens,output_tokens,ttft_ms,e2e_ms\n\"1,000\",20,\"1,250\",\"2,000\"\n";
    let record = &read(one, "one.csv").unwrap()[0].records[0];
    assert_eq!(
        (record.prompt_tokens, record.ttft_secs, record.e2e_secs),
        (1_000.0, Some(1.25), Some(2.0))
    );
}

#[test]
fn a_decimal_comma_is_read_only_in_a_semicolon_file() {
    let semicolon = "prompt_tokens;output_tokens;ttft_s;e2e_s\n1000;20;0,25;1,5\n2000;30;0,125;2\n";
    let run = &read(semicolon, "eu.csv").unwrap()[0];
    assert_eq!(run.records[0].ttft_secs, Some(0.25));
    assert_eq!(run.records[0].e2e_secs, Some(1.5));
    assert_eq!(run.records[1].ttft_secs, Some(0.125), "a column of decimal commas is one");
    assert!(run.notes.iter().any(|n| n.contains("decimal")), "{:?}", run.notes);

    // In a semicolon file a column whose commas all group thousands is read as thousands.
    let grouped = "prompt_tokens;output_tokens;ttft_s;e2e_s\n1,000;20;0.25;1.5\n12,000;30;0.5;2\n";
    let run = &read(grouped, "grouped.csv").unwrap()[0];
    assert_eq!(run.records[1].prompt_tokens, 12_000.0);

    // Elsewhere a comma that cannot group thousands is never a decimal point: the cell is
    // not read, and the note says why.
    for (name, text) in [
        ("comma.csv", "prompt_tokens,output_tokens,ttft_s,e2e_s\n1000,20,\"0,25\",1.5\n"),
        ("tab.tsv", "prompt_tokens\toutput_tokens\tttft_s\te2e_s\n1000\t20\t0,25\t1.5\n"),
        ("zero.csv", "prompt_tokens,output_tokens,ttft_s,e2e_s\n1000,20,\"0,250\",1.5\n"),
    ] {
        let run = &read(text, name).unwrap()[0];
        assert_eq!(run.records[0].ttft_secs, None, "{name}");
        assert_eq!(run.records[0].e2e_secs, Some(1.5), "{name}");
        assert!(run.notes.iter().any(|n| n.contains("point")), "{name}: {:?}", run.notes);
    }
    // A file without a comma in its numbers says nothing about commas.
    let plain = "prompt_tokens,output_tokens,ttft_s,e2e_s\n1000,20,0.25,1.5\n";
    assert!(!read(plain, "plain.csv").unwrap()[0].notes.iter().any(|n| n.contains("comma")));
}

#[test]
fn a_huge_key_or_name_gives_a_short_message_and_label() {
    let huge = "k".repeat(5_000_000);
    let refusal = read(&format!("{{\"{huge}\": 1}}"), "huge.json").unwrap_err();
    assert!(refusal.to_string().len() < 2_000, "{} bytes", refusal.to_string().len());
    let header = format!("{huge},other\n1,2\n");
    let refusal = read(&header, "huge.csv").unwrap_err();
    assert!(refusal.to_string().len() < 2_000, "{} bytes", refusal.to_string().len());

    let vllm = format!(
        r#"{{"model_id": "{}", "input_lens": [100, 900], "output_lens": [20, 30],
            "ttfts": [0.1, 0.2], "itls": [[0.01], [0.02]], "errors": ["", "{}"]}}"#,
        "m".repeat(5_000_000),
        "e".repeat(1_000_000)
    );
    let runs = read(&vllm, "run.json").unwrap();
    assert!(runs[0].label.starts_with("vLLM · mmm"), "{}", &runs[0].label[..40]);
    assert!(runs[0].label.contains('…'));
    assert_shown_text_is_clean(&runs);
}

#[test]
fn direction_and_control_characters_never_reach_what_is_shown() {
    let vllm = "{\"model_id\": \"\\u202egpt\\u202c\\u200b-x\\u0007\", \"input_lens\": [100, 900], \
                \"output_lens\": [20, 30], \"ttfts\": [0.1, 0.2], \"itls\": [[0.01], [0.02]], \
                \"errors\": [\"\", \"bad\\u2066 gateway\\n\\u0000trace\"]}";
    let runs = read(vllm, "\u{202e}nosj.json").unwrap();
    assert_eq!(runs[0].label, "vLLM · gpt-x");
    assert_eq!(runs[0].records[1].failure.as_deref(), Some("bad gateway"));
    assert_shown_text_is_clean(&runs);

    let csv = "prompt_tokens,output_tokens,ttft_ms,e2e_ms\n1,2,3,4\n";
    let runs = read(csv, "dir/\u{202e}vsc.exe\u{2069}").unwrap();
    assert_eq!(runs[0].label, "CSV table · vsc.exe");

    // A bad character in JSON is named, not repeated.
    let refusal = read("{\"a\": \u{202e}1}", "bad.json").unwrap_err();
    assert!(!refusal.to_string().chars().any(hides_or_turns), "{refusal}");
}

/// `text` saved as UTF-16 in either byte order, with or without a byte order mark, as the
/// page's worker hands it on: the bytes read as UTF-8, invalid sequences replaced.
fn as_utf16(text: &str, big_endian: bool, mark: bool) -> String {
    let mut bytes = Vec::new();
    let units = mark.then_some(0xfeff).into_iter().chain(text.encode_utf16());
    for unit in units {
        let pair = if big_endian { unit.to_be_bytes() } else { unit.to_le_bytes() };
        bytes.extend(pair);
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn utf16_files_are_read_in_either_byte_order() {
    let csv = "prompt_tokens,output_tokens,ttft_ms,e2e_ms\n100,20,120,500\n900,30,200,800\n";
    let json = r#"[{"prompt_tokens": 100, "output_tokens": 20, "ttft_ms": 120, "e2e_ms": 500}]"#;
    for big_endian in [false, true] {
        for mark in [true, false] {
            for (text, records) in [(csv, 2), (json, 1)] {
                let runs = read(&as_utf16(text, big_endian, mark), "wide.csv")
                    .unwrap_or_else(|e| panic!("big endian {big_endian}, mark {mark}: {e}"));
                assert_eq!(runs[0].records.len(), records);
                assert_eq!(runs[0].records[0].prompt_tokens, 100.0);
                assert!(runs[0].notes.iter().any(|n| n.contains("UTF-16")), "{:?}", runs[0].notes);
            }
        }
    }
}

#[test]
fn a_key_given_twice_keeps_its_last_value() {
    let json = r#"[{"prompt_tokens": 1, "prompt_tokens": 100, "output_tokens": 20,
                    "ttft_ms": 900, "ttft_ms": 120, "e2e_ms": 500}]"#;
    let run = &read(json, "twice.json").unwrap()[0];
    assert_eq!(run.records[0].prompt_tokens, 100.0);
    assert_eq!(run.records[0].ttft_secs, Some(0.12));
}

/// One JSON line per run, each a vLLM result of two requests.
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
fn a_file_of_twenty_thousand_runs_is_cut_short_with_a_note() {
    let runs = read(&many_runs(20_000), "sweep.jsonl").unwrap();
    assert!(runs.len() < 20_000, "{} runs", runs.len());
    let note = runs[0].notes.iter().find(|n| n.contains("first")).expect("a note on the cap");
    assert!(!note.contains("too large"), "{note}");
}
#[test]
fn utf16_bytes_decode_exactly() {
    use crossover::measurements::encoding::decode;
    let text = "prompt_tokens,output_tokens,ttft_ms,e2e_ms,model\n100,20,120,500,Llama·3 ☃\n";
    for big_endian in [false, true] {
        for mark in [true, false] {
            let mut bytes = Vec::new();
            for unit in mark.then_some(0xfeff).into_iter().chain(text.encode_utf16()) {
                bytes.extend(if big_endian { unit.to_be_bytes() } else { unit.to_le_bytes() });
            }
            assert_eq!(decode(&bytes), text, "big endian {big_endian}, mark {mark}");
        }
    }
    assert_eq!(decode("plain,utf8 ☃".as_bytes()), "plain,utf8 ☃");
    assert_eq!(decode(b"\xef\xbb\xbfmarked"), "marked");
    assert_eq!(decode(b"bad \xff byte"), "bad \u{fffd} byte");
}

#[test]
fn runs_are_capped_per_file_and_per_visit_with_a_note() {
    let runs = read(&many_runs(MAX_RUNS_PER_FILE + 5), "sweep.jsonl").unwrap();
    assert_eq!(runs.len(), MAX_RUNS_PER_FILE);
    let note = runs[0].notes.iter().find(|n| n.contains("first")).expect("a note on the cap");
    assert!(!note.contains("too large"), "{note}");

    // A page already holding runs takes only as many more as a visit keeps.
    let visit = crossover::measurements::MAX_RUNS_PER_VISIT;
    let held = visit - 3;
    let runs = read_beside(&many_runs(10), "more.jsonl", held).unwrap();
    assert_eq!(runs.len(), 3);
    assert!(runs[0].notes.iter().any(|n| n.contains("Reload the page")), "{:?}", runs[0].notes);
    match read_beside(&many_runs(2), "full.jsonl", visit) {
        Err(refusal @ Refusal::TooManyRuns { .. }) => {
            assert!(refusal.to_string().contains("Reload the page"), "{refusal}");
        }
        other => panic!("{other:?}"),
    }
}
