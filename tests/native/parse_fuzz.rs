//! Fuzzing the page's input layer: the URL parser and the typed-value checks take whatever a link
//! or a keyboard sends. For any text at all they must not panic, must leave every number inside
//! its control's bounds, and must raise a notice exactly when something was wrong with the input
//! (a bad or out-of-range value, an unknown option, a key given twice), never for good input.
//!
//! The parser properties run 10,000 cases each and the narrower ones 5,000.

use crossover::model::deep::TtftDefinition;
use crossover::state::notice::{plain, QUOTE_END, QUOTE_START};
use crossover::state::query::{parse, percent_decode, to_query, Parsed, VERSION};
use crossover::state::value::{accept, typed, Problem};
use crossover::state::view::View;
use crossover::state::{ModelView, Param, State};
use proptest::prelude::*;
use std::collections::BTreeMap;

const CASES: u32 = 10_000;

/// The options of the settings chosen by name rather than number. A choice this list does not
/// know yet (found in the page's own URLs) is judged by whether it alone raises a notice.
const KNOWN_OPTIONS: [(&str, &[&str]); 6] = [
    ("model", &["linear", "deep"]),
    ("ttft_def", &["client", "server"]),
    ("consumer", &["reader", "machine"]),
    ("a_ttft_from", &["given", "prompt"]),
    ("b_ttft_from", &["given", "prompt"]),
    ("route", &["crossover", "fixed"]),
];

/// The keys of the named choices, as the page writes them into its own URL.
fn choice_keys() -> &'static [String] {
    static KEYS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    KEYS.get_or_init(|| {
        to_query(&State::default())
            .split('&')
            .filter_map(|pair| pair.split_once('=').map(|(k, _)| k.to_string()))
            .filter(|k| Param::from_key(k).is_none() && k != "v")
            .collect()
    })
}

fn is_good_option(key: &str, value: &str) -> bool {
    let value = value.trim();
    match KNOWN_OPTIONS.iter().find(|(k, _)| *k == key) {
        Some((_, options)) => options.contains(&value),
        None => parse(&format!("{key}={value}")).notices.is_empty(),
    }
}

/// Every number is finite, inside the bounds its control shows (some depend on other inputs)
/// and already at the precision the control keeps.
fn assert_valid(state: &State) -> Result<(), TestCaseError> {
    for param in Param::ALL {
        let v = state.get(param);
        let spec = state.spec_of(param);
        prop_assert!(v.is_finite(), "{} = {v}", spec.key);
        prop_assert!(
            spec.min <= v && v <= spec.max,
            "{} = {v} outside {}..={}",
            spec.key,
            spec.min,
            spec.max
        );
        prop_assert_eq!(spec.clamp(v), v, "{} = {} is not at its kept precision", spec.key, v);
    }
    let h = state.headline();
    for x in
        [h.wait_secs, h.prefill_secs, h.decode_secs, h.ttft_secs, h.client_ttft_secs, h.total_secs]
    {
        prop_assert!(x.is_finite() && x >= 0.0, "headline {h:?}");
    }
    Ok(())
}

/// What the parser should say about a query, worked out apart from it: for each known key, one
/// notice if it was given more than once (however many times), plus one if the value finally
/// used is unusable as written: not a number in
/// range, outside a bound set by another input in the final state, or not one of a choice's
/// options. Unknown keys are ignored.
fn expected_notice_counts(query: &str, parsed: &State) -> BTreeMap<String, usize> {
    let choices = choice_keys();
    let mut last: BTreeMap<String, (usize, String)> = BTreeMap::new();
    let mut version = None;
    for pair in query.strip_prefix('?').unwrap_or(query).split('&').filter(|p| !p.is_empty()) {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        // Trimmed of ASCII whitespace only, as the page and boot.js trim an address's keys
        // (`state::query::trimmed`): `str::trim` would also take U+000B and the like, which
        // URLSearchParams keeps.
        let ascii_trimmed =
            |s: String| s.trim_matches(|c: char| c.is_ascii_whitespace()).to_string();
        let key = ascii_trimmed(percent_decode(k));
        if key == "v" {
            version = Some(ascii_trimmed(percent_decode(v)));
        }
        if Param::from_key(&key).is_some() || choices.contains(&key) {
            let entry = last.entry(key).or_insert((0, String::new()));
            entry.0 += 1;
            entry.1 = percent_decode(v);
        }
    }
    last.into_iter()
        .map(|(key, (times, value))| {
            let bad = match Param::from_key(&key) {
                Some(param) => {
                    let (wanted, problem) = accept(param.spec(), &value);
                    problem.is_some() || parsed.spec_of(param).clamp(wanted) != wanted
                }
                None => !is_good_option(&key, &value),
            };
            // A server clock from a link older than its correction is explained once.
            let corrected = key == "ttft_def"
                && parsed.ttft_definition == TtftDefinition::Server
                && version.as_deref() != Some(VERSION);
            (key, usize::from(times > 1) + usize::from(bad) + usize::from(corrected))
        })
        .filter(|(_, n)| *n > 0)
        .collect()
}

fn check_parsed(query: &str) -> Result<Parsed, TestCaseError> {
    let parsed = parse(query);
    assert_valid(&parsed.state)?;
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for notice in &parsed.notices {
        *counts.entry(notice.key.clone()).or_default() += 1;
        // Notices quote the URL back in a short excerpt, as plain text.
        prop_assert!(notice.message.chars().count() < 300, "long notice: {}", notice.message);
        prop_assert!(
            !notice.message.chars().any(char::is_control),
            "control character in: {:?}",
            notice.message
        );
        check_quotes(&notice.message)?;
    }
    prop_assert_eq!(
        counts,
        expected_notice_counts(query, &parsed.state),
        "notices for {:?}: {:?}",
        query,
        parsed.notices
    );
    // Whatever came in, the page's own rewrite of the URL is clean and means the same state.
    let again = parse(&to_query(&parsed.state));
    prop_assert_eq!(&again.state, &parsed.state);
    prop_assert!(again.notices.is_empty(), "{:?}", again.notices);
    Ok(parsed)
}

/// Characters that steer direction or hide themselves; none may reach a notice from the URL.
fn is_direction_or_invisible(c: char) -> bool {
    matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{feff}' | '\u{61c}' | '\u{ad}')
}

/// Quoted excerpts are marked by balanced isolate pairs, and besides those markers a message
/// holds no direction or invisible character, whatever the URL held.
fn check_quotes(message: &str) -> Result<(), TestCaseError> {
    let mut open = false;
    for c in message.chars() {
        match c {
            QUOTE_START => {
                prop_assert!(!open, "nested quote in {:?}", message);
                open = true;
            }
            QUOTE_END => {
                prop_assert!(open, "unopened quote in {:?}", message);
                open = false;
            }
            c => prop_assert!(!is_direction_or_invisible(c), "{:?} in {:?}", c, message),
        }
    }
    prop_assert!(!open, "unclosed quote in {:?}", message);
    prop_assert!(!plain(message).chars().any(is_direction_or_invisible));
    Ok(())
}

/// The separator rule, written apart from the page's: with a comma, the digits before any point
/// must read as groups of three from the right, each comma in its place, the first group not
/// starting with 0 (no grouping writes `0,250`), and nothing else may hold one. Returns the
/// text without separators, or None for a misplaced comma.
fn reference_without_separators(text: &str) -> Option<String> {
    let text = text.replace('_', "");
    if !text.contains(',') {
        return Some(text);
    }
    let body = text.trim_start_matches(['-', '+']);
    if text.len() - body.len() > 1 {
        return None;
    }
    let (whole, fraction) = match body.find('.') {
        Some(i) => (&body[..i], &body[i + 1..]),
        None => (body, ""),
    };
    let reversed: Vec<char> = whole.chars().rev().collect();
    let placed =
        reversed
            .iter()
            .enumerate()
            .all(|(i, c)| if i % 4 == 3 { *c == ',' } else { c.is_ascii_digit() });
    let ok = placed
        && reversed.last() != Some(&',')
        && !whole.starts_with('0')
        && fraction.chars().all(|c| c.is_ascii_digit());
    ok.then(|| text.replace(',', ""))
}

/// Each byte of `text` as a `%XX` escape, in upper or lower case.
fn escaped(text: &str, lower: bool) -> String {
    text.bytes().map(|b| if lower { format!("%{b:02x}") } else { format!("%{b:02X}") }).collect()
}

fn any_text() -> impl Strategy<Value = String> {
    prop::collection::vec(any::<char>(), 0..40).prop_map(|cs| cs.into_iter().collect())
}

/// Values a person or a crafted link might write that no number strategy makes: words for
/// infinity and NaN, overflows, separators in every position, non-ASCII digits, invisible and
/// direction-changing characters, escapes, markup, and the choices' own words.
const ODD_VALUES: &[&str] = &[
    "",
    " ",
    "NaN",
    "nan",
    "-NaN",
    "inf",
    "-inf",
    "+inf",
    "Infinity",
    "infinity",
    "1e400",
    "-1e400",
    "1e-400",
    "1e308",
    "0",
    "-0",
    "+0",
    "0.0",
    "00",
    "-1",
    "-0.0001",
    "1e",
    "e5",
    ".",
    "-",
    "+",
    "..1",
    "1..2",
    "0x10",
    "1_000",
    "16,000",
    "1,000,000.5",
    "0,25",
    "2,5",
    "12,00",
    "1,0000",
    "-1,000",
    "1.000,5",
    ",,,",
    "_",
    "1 000",
    "16000 ",
    " 16000",
    "16000tokens",
    "١٢٣",
    "１６０００",
    "⁹",
    "½",
    "😀",
    "16😀000",
    "\u{0}",
    "\u{7f}",
    "\u{202e}123",
    "\u{2066}9\u{2069}",
    "1\u{200b}2",
    "\u{feff}60",
    "%",
    "%%",
    "%zz",
    "%4",
    "%F0%9F%98%80",
    "%ff%fe",
    "%00",
    "%2B5",
    "%2C",
    "+5",
    "1+1",
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "\"><svg onload=alert(1)>",
    "javascript:alert(1)",
    "linear",
    "deep",
    "client",
    "server",
    "reader",
    "machine",
    "given",
    "prompt",
    "crossover",
    "fixed",
    " deep ",
    "DEEP",
    "Linear",
];

/// Raw text for a value: numbers in every spelling, non-numbers, markup, escapes, unicode.
fn value_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<f64>().prop_map(|x| x.to_string()),
        any::<f64>().prop_map(|x| format!("{x:e}")),
        any::<i64>().prop_map(|x| x.to_string()),
        any::<u128>().prop_map(|x| x.to_string()),
        (0.0..2e6f64).prop_map(|x| x.to_string()),
        (-10.0..100.0f64).prop_map(|x| format!("{x:.3}")),
        (1usize..400).prop_map(|n| "9".repeat(n)),
        (0usize..400).prop_map(|n| format!("0.{}1", "0".repeat(n))),
        prop::sample::select(ODD_VALUES).prop_map(str::to_string),
        any_text(),
        "[0-9eE+\\-.,_ %]{0,30}",
    ]
}

/// Text for a key: mostly the ones the page knows, also strangers and disguises.
fn key_text() -> impl Strategy<Value = String> {
    let known: Vec<String> = Param::ALL
        .iter()
        .map(|p| p.spec().key.to_string())
        .chain(choice_keys().iter().cloned())
        .collect();
    prop_oneof![
        6 => prop::sample::select(known.clone()),
        1 => prop::sample::select(known.clone()).prop_map(|k| format!(" {k} ")),
        1 => prop::sample::select(known.clone()).prop_map(|k| escaped(&k, false)),
        1 => prop::sample::select(known).prop_map(|k| k.to_uppercase()),
        1 => prop::sample::select(vec!["v", "utm_source", "", "=", "prompt[]", "__proto__", "<script>", "😀", "%70rompt", "prompt%00"]).prop_map(str::to_string),
        1 => any_text(),
    ]
}

/// A value as it might be written into a URL: as is, fully escaped, or with `+` for spaces.
fn written(value: String, how: u8) -> String {
    match how % 4 {
        0 => escaped(&value, false),
        1 => escaped(&value, true),
        2 => value.replace(' ', "+"),
        _ => value,
    }
}

fn structured_query() -> impl Strategy<Value = String> {
    let pair = (key_text(), value_text(), any::<u8>(), any::<bool>()).prop_map(
        |(k, v, how, with_equals)| {
            // Raw '&' and '=' inside a written value would split it; escaping keeps it one value,
            // and leaving them raw makes more pairs, which is fine too.
            let v = written(v, how);
            if with_equals {
                format!("{k}={v}")
            } else {
                k
            }
        },
    );
    (prop::collection::vec(pair, 0..24), any::<bool>()).prop_map(|(pairs, question)| {
        format!("{}{}", if question { "?" } else { "" }, pairs.join("&"))
    })
}

/// Any state a reader could reach, from arbitrary numbers pushed through the setters.
fn any_state() -> impl Strategy<Value = State> {
    (prop::collection::vec(proptest::num::f64::ANY, Param::COUNT), any::<bool>()).prop_map(
        |(values, deep)| {
            let mut s = State::default();
            s.model = if deep { ModelView::Deep } else { ModelView::Linear };
            for (param, v) in Param::ALL.into_iter().zip(values) {
                s.set(param, v);
            }
            s
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn any_text_at_all_parses_to_a_valid_state(chars in prop::collection::vec(any::<char>(), 0..300)) {
        let query: String = chars.into_iter().collect();
        check_parsed(&query)?;
    }

    #[test]
    fn any_bytes_escaped_parse_to_a_valid_state(bytes in prop::collection::vec(any::<u8>(), 0..200), key in key_text()) {
        // Escapes can spell invalid UTF-8; it is replaced, never trusted.
        let value: String = bytes.iter().map(|b| format!("%{b:02X}")).collect();
        check_parsed(&format!("{key}={value}"))?;
    }

    #[test]
    fn queries_of_known_keys_notice_exactly_the_bad_values(query in structured_query()) {
        check_parsed(&query)?;
    }

    #[test]
    fn view_keys_of_any_text_parse_and_write_back_cleanly(
        key in prop::sample::select(vec!["embed", "present", "theme"]),
        chars in prop::collection::vec(any::<char>(), 0..80),
    ) {
        let value: String = chars.into_iter().collect();
        let (view, notices) = View::parse(&format!("{key}={value}"));
        // A value holding '&' can spell more pairs, the same key again among them.
        prop_assert!(notices.len() <= 2 * 3, "{:?}", notices);
        for notice in &notices {
            check_quotes(&notice.message)?;
        }
        // What is written back is always one of the page's own values, whatever came in.
        let (again, none) = View::parse(&view.to_query());
        prop_assert_eq!(again, view);
        prop_assert!(none.is_empty());
    }

}

proptest! {
    // The page's own links and single values: fewer cases, since each is narrower.
    #![proptest_config(ProptestConfig::with_cases(CASES / 2))]

    #[test]
    fn good_links_raise_no_notice_and_round_trip(state in any_state()) {
        let parsed = parse(&to_query(&state));
        prop_assert_eq!(parsed.state, state);
        prop_assert!(parsed.notices.is_empty(), "{:?}", parsed.notices);
    }

    #[test]
    fn accept_stays_in_bounds_and_objects_only_to_bad_text(raw in value_text(), param in prop::sample::select(Param::ALL.to_vec())) {
        let spec = param.spec();
        let (v, problem) = accept(spec, &raw);
        prop_assert!(v.is_finite() && spec.min <= v && v <= spec.max, "{} {:?} -> {}", spec.key, raw, v);
        // No objection exactly when the text is a finite number in range.
        let separated = reference_without_separators(raw.trim());
        prop_assert_eq!(separated.is_none(), problem == Some(Problem::DecimalComma), "{:?} -> {:?}", raw, problem);
        let number = separated.and_then(|t| t.parse::<f64>().ok()).filter(|x| x.is_finite());
        let in_range = number.is_some_and(|x| spec.min <= x && x <= spec.max && !(x == 0.0 && spec.min > 0.0));
        prop_assert_eq!(problem.is_none(), in_range, "{} {:?} -> {:?}", spec.key, raw, problem);
        if problem.is_none() {
            prop_assert_eq!(Some(v), number.map(|x| spec.clamp(x)));
        }
    }

    #[test]
    fn typed_text_keeps_or_clamps_and_explains(raw in value_text(), state in any_state(), param in prop::sample::select(Param::ALL.to_vec())) {
        // The page checks typed text against the bounds the control shows now.
        let spec = state.spec_of(param);
        let current = state.get(param);
        let (v, message) = typed(&spec, &raw, current);
        prop_assert!(v.is_finite() && spec.min <= v && v <= spec.max, "{} {:?} -> {}", spec.key, raw, v);
        let (wanted, problem) = accept(&spec, &raw);
        match problem {
            None => {
                prop_assert_eq!(v, wanted);
                prop_assert_eq!(message, None);
            }
            Some(p) => {
                prop_assert_eq!(v, if p.has_no_number() { current } else { wanted });
                let message = message.unwrap_or_default();
                prop_assert!(!message.is_empty() && message.chars().count() < 200, "{:?}", message);
            }
        }
        let mut after = state;
        after.set(param, v);
        assert_valid(&after)?;
    }

    #[test]
    fn thousands_separators_read_as_the_number_and_other_commas_are_refused(
        whole in 0_u64..10_000_000_000, fraction in prop::option::of("[0-9]{1,4}"), sign in "[-+]?",
        head in "[0-9]{1,5}", tail in "[0-9]{0,6}", param in prop::sample::select(Param::ALL.to_vec()),
    ) {
        let spec = param.spec();
        let grouped = crossover::format::with_separators(whole as f64, 0);
        let text = match &fraction { Some(f) => format!("{sign}{grouped}.{f}"), None => format!("{sign}{grouped}") };
        let plain_text = text.replace(',', "");
        prop_assert_eq!(accept(spec, &text), accept(spec, &plain_text), "{:?}", text);
        // One comma not followed by exactly three digits (then a point or the end), or after
        // a group starting with 0, is a decimal comma, refused with a message asking for a
        // point, never read as a separator.
        let decimal = format!("{head},{tail}");
        if tail.len() != 3 || head.len() > 3 || head.starts_with('0') {
            prop_assert_eq!(accept(spec, &decimal), (spec.default, Some(Problem::DecimalComma)));
            let (kept, message) = typed(spec, &decimal, spec.default);
            prop_assert_eq!(kept, spec.default);
            prop_assert!(message.is_some_and(|m| m.contains("use a point")));
        }
    }

    #[test]
    fn view_keys_repeated_any_number_of_times_are_named_once(
        repeats in prop::collection::vec((prop::sample::select(vec!["embed", "present", "theme", "prompt"]), prop::sample::select(vec!["timeline", "lengths", "dark", "pie", "", "\u{202e}x"])), 0..200),
    ) {
        let query: String = repeats.iter().map(|(k, v)| format!("{k}={v}&")).collect();
        let (view, notices) = View::parse(&query);
        for key in ["embed", "present", "theme"] {
            let given: Vec<&str> = repeats.iter().filter(|(k, _)| *k == key).map(|(_, v)| *v).collect();
            let about: Vec<_> = notices.iter().filter(|n| n.key == key).collect();
            let repeated = about.iter().filter(|n| n.message.contains("more than once")).count();
            prop_assert_eq!(repeated, usize::from(given.len() > 1), "{}: {:?}", key, about);
            prop_assert!(about.len() <= 2);
            for n in about {
                check_quotes(&n.message)?;
            }
            let last = given.last().copied();
            match key {
                "embed" => prop_assert_eq!(view.embed.map(|f| f.slug()), last.filter(|v| ["timeline", "lengths"].contains(v))),
                "present" => prop_assert_eq!(view.present.map(|f| f.slug()), last.filter(|v| ["timeline", "lengths"].contains(v))),
                _ => prop_assert_eq!(view.theme.key(), last.filter(|v| *v == "dark").unwrap_or("auto")),
            }
        }
        prop_assert!(notices.len() <= 6);
    }

    #[test]
    fn percent_decoding_never_panics(raw in "[%0-9a-fA-FgG+ ]{0,60}|.{0,60}") {
        let decoded = percent_decode(&raw);
        prop_assert!(decoded.chars().count() <= raw.chars().count());
    }
}

#[test]
fn a_hundred_kilobyte_query_is_read_quickly() {
    let started = std::time::Instant::now();
    let huge_value = format!("prompt={}", "9".repeat(100_000));
    let many_pairs: String = (0..15_000).map(|i| format!("k{i}=v&")).collect();
    let many_repeats: String = "decode=0&".repeat(12_000);
    for query in [huge_value, many_pairs, many_repeats] {
        assert!(query.len() >= 100_000);
        let parsed = parse(&query);
        for param in Param::ALL {
            let v = parsed.state.get(param);
            let spec = parsed.state.spec_of(param);
            assert!(v.is_finite() && spec.min <= v && v <= spec.max);
        }
        assert!(parsed.notices.iter().all(|n| n.message.len() < 300));
        // One line per key at most, however the link repeats it, and one that the address
        // was read only so far.
        assert!(parsed.notices.len() <= 3, "{} notices", parsed.notices.len());
        assert!(parsed.notices.iter().any(|n| n.key == "query"), "the cut is named");
    }
    assert!(started.elapsed().as_secs() < 10, "took {:?}", started.elapsed());
}
