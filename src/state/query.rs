//! The URL codec: a query string in, a valid state and the notices out; a state in, a query
//! string out. Parsing never fails: anything unusable falls back and is named.

use super::legacy;
use super::notice::{excerpt, Notice};
use super::params::Param;
use super::value::{accept, describe, Problem};
use super::{Basis, DecisionWorkload, Load, ModelView, Spread, State, TtftSource};
use crate::model::chips::Chip;
use crate::model::deep::TtftDefinition;
use crate::model::deployments::Consumer;
use crate::model::llms::Llm;
use crate::model::precision::{KvPrecision, WeightPrecision};
use crate::shared_names::embed::MAX_QUERY_CHARS;

/// Bumped when the meaning of a key changes, so an old link can be told apart and explained.
/// Version 2: `ttft_def=server` counts from the request's arrival (queue included), where
/// version 1 described it as counting from scheduling. Version 3: the decision card has its
/// own workload (`decide`), where before it decided for the spread's (`spread`).
pub const VERSION: &str = "3";

/// The versions before the decision card had a workload of its own.
const BEFORE_DECIDE: [&str; 2] = ["1", "2"];

/// What a query string amounts to.
#[derive(Clone, Debug, PartialEq)]
pub struct Parsed {
    pub state: State,
    pub notices: Vec<Notice>,
}

/// Reads a query string (with or without the leading `?`). Keys the page does not know are
/// ignored; a key given more than once uses its last value and says so, once however many
/// times it was repeated (a crafted link could repeat one key thousands of times).
/// The part of a query the page reads: past the length a server takes in an address (and the
/// host script sends), the rest is not read, since a crafted link of a megabyte would otherwise
/// hold the page for a long task. Whether anything was left unread.
pub fn read_part(query: &str) -> (&str, bool) {
    match query.char_indices().nth(MAX_QUERY_CHARS) {
        Some((at, _)) => (query.get(..at).unwrap_or(query), true),
        None => (query, false),
    }
}

/// The address's pairs as the page reads them, in order: split at `&` and at each pair's first
/// `=`, each side percent-decoded ([`percent_decode`], as the browser's `URLSearchParams`
/// decodes) and trimmed of ASCII whitespace ([`trimmed`]); empty pairs skipped. `boot.js` reads
/// the address the same way to choose the page's door before the app starts, so the two never
/// disagree on it: a test holds both to one table of addresses.
pub fn pairs(query: &str) -> impl Iterator<Item = (String, String)> + '_ {
    let query = query.strip_prefix('?').unwrap_or(query);
    query.split('&').filter(|p| !p.is_empty()).map(|pair| {
        let (raw_key, raw_value) = pair.split_once('=').unwrap_or((pair, ""));
        (
            trimmed(&percent_decode(raw_key)).to_string(),
            trimmed(&percent_decode(raw_value)).to_string(),
        )
    })
}

/// `text` without the ASCII whitespace around it: what the page and `boot.js` both trim from an
/// address's keys and values (`str::trim` would take more, JavaScript's `trim` other characters).
pub fn trimmed(text: &str) -> &str {
    text.trim_matches(|c: char| c.is_ascii_whitespace())
}

pub fn parse(query: &str) -> Parsed {
    let (query, cut) = read_part(query);
    let given = Given::read(query);
    let mut state = State::default();
    let mut notices = given.repeated();
    if cut {
        let limit = crate::format::with_separators(MAX_QUERY_CHARS as f64, 0);
        notices.push(Notice {
            key: "query".to_string(),
            message: format!(
                "This address is longer than {limit} characters, more than any setting needs: the page read only its first {limit}."
            ),
        });
    }
    apply_values(&given.values, &mut state, &mut notices);
    apply_choices(&given.choices, &mut state, &mut notices);
    let keys: Vec<Param> = given.values.iter().map(|(p, _, _)| *p).collect();
    legacy::apply_old_prompts(&given.old_prompt_keys, &keys, &mut state, &mut notices);
    let version = given.version.as_deref().map(str::trim);
    // A link written before the card had its own workload decided for the spread's: it keeps
    // deciding for what it did then.
    if version.is_some_and(|v| BEFORE_DECIDE.contains(&v))
        && !given.choices.iter().any(|(key, _, _)| *key == "decide")
    {
        state.decide_for = match state.spread {
            Spread::Traffic => DecisionWorkload::Traffic,
            Spread::Bot => DecisionWorkload::Bot,
        };
    }
    if state.ttft_definition == TtftDefinition::Server
        && !version.is_some_and(|v| v == "2" || v == VERSION)
    {
        notices.push(Notice {
            key: "ttft_def".to_string(),
            message: "TTFT definition (ttft_def): this link is older than a correction. “server” \
                      now starts the clock when the request reaches the server, so the server's \
                      queue counts, as in vLLM's own TTFT metric; earlier the page said it started \
                      at scheduling. That older reading is now “scheduled”."
                .to_string(),
        });
    }
    Parsed { state, notices }
}

/// What a query string gives, before any of it is checked: the last value of each key the page
/// knows and how many times the key was given, the link's version, and the keys of links made
/// when each deployment had its own prompt.
struct Given {
    values: Vec<(Param, String, usize)>,
    choices: Vec<(&'static str, String, usize)>,
    version: Option<String>,
    old_prompt_keys: Vec<(String, String)>,
}

impl Given {
    fn read(query: &str) -> Given {
        let mut given = Given {
            values: Vec::new(),
            choices: Vec::new(),
            version: None,
            old_prompt_keys: Vec::new(),
        };
        for (key, value) in pairs(query) {
            let key = key.as_str();
            if key == "v" {
                given.version = Some(value);
            } else if legacy::is_old_prompt_key(key) {
                given.old_prompt_keys.push((key.to_string(), value));
            } else if let Some(param) = Param::from_key(key) {
                if let Some(slot) = given.values.iter_mut().find(|(p, _, _)| *p == param) {
                    slot.1 = value;
                    slot.2 += 1;
                } else {
                    given.values.push((param, value, 1));
                }
            } else if let Some(choice) = CHOICES.iter().find(|c| c.key == key) {
                if let Some(slot) = given.choices.iter_mut().find(|(k, _, _)| *k == choice.key) {
                    slot.1 = value;
                    slot.2 += 1;
                } else {
                    given.choices.push((choice.key, value, 1));
                }
            }
        }
        given
    }

    /// One notice for each key given more than once.
    fn repeated(&self) -> Vec<Notice> {
        let mut notices = Vec::new();
        for (param, value, times) in &self.values {
            if *times > 1 {
                notices.push(repeated(param.spec().label, param.spec().key, *times, value));
            }
        }
        for (key, value, times) in &self.choices {
            if let Some(choice) = CHOICES.iter().find(|c| c.key == *key).filter(|_| *times > 1) {
                notices.push(repeated(choice.label, choice.key, *times, value));
            }
        }
        notices
    }
}

/// Sets each value given, in table order, not URL order, so a value that depends on another
/// (the cached prefix on the prompt) is checked against the final one; one notice for each
/// value not used as given.
fn apply_values(values: &[(Param, String, usize)], state: &mut State, notices: &mut Vec<Notice>) {
    for param in Param::ALL {
        let Some((_, value, _)) = values.iter().find(|(p, _, _)| *p == param) else { continue };
        let spec = param.spec();
        let (wanted, problem) = accept(spec, value);
        let stored = state.set(param, wanted);
        // A bound set by another input is reported like any other, with its reason after it.
        let bounded_by_another = stored != wanted;
        let problem = match problem {
            None if stored < wanted => Some(Problem::AboveMax),
            None if stored > wanted => Some(Problem::BelowMin),
            other => other,
        };
        if let Some(problem) = problem {
            let mut notice = describe(&state.spec_of(param), value, problem, stored);
            if bounded_by_another {
                notice.message.push(' ');
                notice.message.push_str(&why_bounded(param, stored < wanted, state));
            }
            notices.push(notice);
        }
    }
}

/// Sets each choice given, in URL order; one notice for each that is not one of its options.
fn apply_choices(
    choices: &[(&'static str, String, usize)],
    state: &mut State,
    notices: &mut Vec<Notice>,
) {
    for (key, value, _) in choices {
        if let Some(choice) = CHOICES.iter().find(|c| c.key == *key) {
            if !(choice.apply)(state, value.trim()) {
                notices.push(Notice {
                    key: key.to_string(),
                    message: format!(
                        "{} ({key}): “{}” is not one of {}; using {}.",
                        choice.label,
                        excerpt(value),
                        choice.options,
                        choice.default_name
                    ),
                });
            }
        }
    }
}

/// Why `param` has a bound that another input sets (`above`: it was capped from above).
fn why_bounded(param: Param, above: bool, state: &State) -> String {
    match (param, above) {
        (Param::Cached, _) => "A cached prefix cannot be longer than the prompt.".to_string(),
        (Param::P90 | Param::BotP90 | Param::RunsP90, false) => {
            "The 90th percentile cannot be below the median.".to_string()
        }
        (Param::P90 | Param::BotP90 | Param::RunsP90, true) => format!(
            "With a median of {}, a longer 90th percentile would need a wider spread of answer lengths than the model allows.",
            crate::format::tokens(state.get(match param {
                Param::P90 => Param::Median,
                Param::BotP90 => Param::RaceAnswer,
                _ => Param::RunsMedian,
            }))
        ),
        _ => "It is out of range given the other settings.".to_string(),
    }
}

/// The one notice for a key given `times` times, whose `last` value is used.
pub(super) fn repeated(label: &str, key: &str, times: usize, last: &str) -> Notice {
    Notice {
        key: key.to_string(),
        message: format!(
            "{label} ({key}) was given more than once ({times} times); using the last, “{}”.",
            excerpt(last)
        ),
    }
}

/// A setting chosen from a few named options rather than a number.
struct Choice {
    key: &'static str,
    label: &'static str,
    options: &'static str,
    default_name: &'static str,
    /// Sets the option named by the value; false if the name is unknown.
    apply: fn(&mut State, &str) -> bool,
    current: fn(&State) -> &'static str,
}

const CHOICES: [Choice; 14] = [
    Choice {
        key: "model",
        label: "Model",
        options: "“linear” or “deep”",
        default_name: "linear",
        apply: |s, v| ModelView::from_key(v).map(|m| s.model = m).is_some(),
        current: |s| s.model.key(),
    },
    Choice {
        key: "ttft_def",
        label: "TTFT definition",
        options: "“client”, “server” or “scheduled”",
        default_name: "client",
        apply: |s, v| TtftDefinition::from_key(v).map(|d| s.ttft_definition = d).is_some(),
        current: |s| s.ttft_definition.key(),
    },
    Choice {
        key: "consumer",
        label: "Who consumes the answer",
        options: "“reader” or “machine”",
        default_name: "reader",
        apply: |s, v| {
            let consumer = match v {
                "reader" => Some(Consumer::Reader),
                "machine" => Some(Consumer::Machine),
                _ => None,
            };
            consumer.map(|c| s.consumer = c).is_some()
        },
        current: |s| match s.consumer {
            Consumer::Reader => "reader",
            Consumer::Machine => "machine",
        },
    },
    Choice {
        key: "a_ttft_from",
        label: "Where A's TTFT comes from",
        options: "“given” or “prompt”",
        default_name: "given",
        apply: |s, v| TtftSource::from_key(v).map(|t| s.a_ttft_source = t).is_some(),
        current: |s| s.a_ttft_source.key(),
    },
    Choice {
        key: "b_ttft_from",
        label: "Where B's TTFT comes from",
        options: "“given” or “prompt”",
        default_name: "given",
        apply: |s, v| TtftSource::from_key(v).map(|t| s.b_ttft_source = t).is_some(),
        current: |s| s.b_ttft_source.key(),
    },
    Choice {
        key: "route",
        label: "Router threshold",
        options: "“crossover” or “fixed”",
        default_name: "crossover",
        apply: |s, v| match v {
            "crossover" => {
                s.route_at_crossover = true;
                true
            }
            "fixed" => {
                s.route_at_crossover = false;
                true
            }
            _ => false,
        },
        current: |s| if s.route_at_crossover { "crossover" } else { "fixed" },
    },
    Choice {
        key: "spread",
        label: "Answer lengths of the spread",
        options: "“traffic” or “bot”",
        default_name: "traffic",
        apply: |s, v| Spread::from_key(v).map(|x| s.spread = x).is_some(),
        current: |s| s.spread.key(),
    },
    Choice {
        key: "decide",
        label: "Answers the decision is for",
        options: "“bot”, “traffic” or “runs”",
        default_name: "bot",
        apply: |s, v| DecisionWorkload::from_key(v).map(|w| s.decide_for = w).is_some(),
        current: |s| s.decide_for.key(),
    },
    Choice {
        key: "basis",
        label: "What the verdict rests on",
        options: "“mean” or “goodput”",
        default_name: "mean",
        apply: |s, v| Basis::from_key(v).map(|b| s.basis = b).is_some(),
        current: |s| s.basis.key(),
    },
    Choice {
        key: "load",
        label: "Hour decided for",
        options: "“idle” or “peak”",
        default_name: "idle",
        apply: |s, v| Load::from_key(v).map(|l| s.load = l).is_some(),
        current: |s| s.load.key(),
    },
    Choice {
        key: "chip",
        label: "Chip",
        options: "“a100”, “h100”, “h200”, “l4”, “mi300x” or “custom”",
        default_name: "a100",
        apply: |s, v| Chip::from_key(v).map(|c| s.chip = c).is_some(),
        current: |s| s.chip.key(),
    },
    Choice {
        key: "hw_model",
        label: "Model on the chip",
        options: "“llama8b”, “llama70b”, “llama405b” or “custom”",
        default_name: "llama8b",
        apply: |s, v| Llm::from_key(v).map(|m| s.llm = m).is_some(),
        current: |s| s.llm.key(),
    },
    Choice {
        key: "weights",
        label: "Weight precision",
        options: "“bf16”, “fp8” or “int4”",
        default_name: "bf16",
        apply: |s, v| WeightPrecision::from_key(v).map(|w| s.weights = w).is_some(),
        current: |s| s.weights.key(),
    },
    Choice {
        key: "kv",
        label: "KV-cache precision",
        options: "“bf16” or “fp8”",
        default_name: "bf16",
        apply: |s, v| KvPrecision::from_key(v).map(|k| s.kv = k).is_some(),
        current: |s| s.kv.key(),
    },
];

/// The query string for a state, every control included so a link means the same thing even
/// if defaults change later.
pub fn to_query(state: &State) -> String {
    let mut out = String::new();
    for param in Param::ALL {
        let spec = param.spec();
        out.push_str(spec.key);
        out.push('=');
        out.push_str(&spec.link_text(state.get(param)));
        out.push('&');
    }
    for choice in &CHOICES {
        out.push_str(choice.key);
        out.push('=');
        out.push_str((choice.current)(state));
        out.push('&');
    }
    out.push_str("v=");
    out.push_str(VERSION);
    out
}

/// Decodes `%XX` escapes (two hexadecimal digits) and `+` as a space; malformed escapes are
/// kept literally and invalid UTF-8 is replaced, since a URL can hold anything.
pub fn percent_decode(raw: &str) -> String {
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b'%' => {
                // Exactly two hexadecimal digits: `from_str_radix` alone would also take a sign,
                // reading `%+3` as the byte 3.
                let hex = bytes
                    .get(i + 1..i + 3)
                    .filter(|h| h.iter().all(u8::is_ascii_hexdigit))
                    .and_then(|h| std::str::from_utf8(h).ok())
                    .and_then(|h| u8::from_str_radix(h, 16).ok());
                match hex {
                    Some(v) => {
                        out.push(v);
                        i += 3;
                    }
                    None => {
                        out.push(b'%');
                        i += 1;
                    }
                }
            }
            _ => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_query_is_the_default_without_notices() {
        assert_eq!(parse(""), Parsed { state: State::default(), notices: vec![] });
        assert_eq!(parse("?"), Parsed { state: State::default(), notices: vec![] });
    }

    #[test]
    fn round_trips_a_state() {
        let state = State::default()
            .with(Param::Prompt, 2_800.0)
            .with(Param::Decode, 110.0)
            .with(Param::Wait, 0.23);
        let query = to_query(&state);
        assert!(query.starts_with("prompt=2800&output=300&prefill=8000&decode=110&wait=0.23&reading=240&knee=60000&kv_knee=120000&cached=0&a_ttft=0.2&"), "{query}");
        assert!(query.ends_with("&model=linear&ttft_def=client&consumer=reader&a_ttft_from=given&b_ttft_from=given&route=crossover&spread=traffic&decide=bot&basis=mean&load=idle&chip=a100&hw_model=llama8b&weights=bf16&kv=bf16&v=3"), "{query}");
        assert_eq!(parse(&query), Parsed { state, notices: vec![] });
    }

    #[test]
    fn a_run_or_a_chip_keeps_every_digit_through_a_link() {
        // A run's fitted rates and first token, a chip's prefill rate: the link writes each
        // exactly, so the page it opens computes the same crossover.
        let state = State::default()
            .with(Param::ARate, 23.461_234_5)
            .with(Param::BRate, 22.048_1)
            .with(Param::ATtft, 0.475_312)
            .with(Param::APrefill, 30_791.406_25);
        assert_eq!(state.get(Param::ARate), 23.461_234_5, "the state keeps the run's value");
        let back = parse(&to_query(&state)).state;
        assert_eq!(back, state);
        assert_eq!(back.comparison().crossover(), state.comparison().crossover());
        // Counts stay whole: a token is not split.
        assert_eq!(State::default().with(Param::Prompt, 16_000.4).get(Param::Prompt), 16_000.0);
        assert!(to_query(&State::default()).contains("prompt=16000&"));
    }

    #[test]
    fn links_from_before_the_cards_own_workload_decide_as_they_did() {
        // A version 2 link decided for the spread it weighed.
        let old = parse("?spread=traffic&v=2").state;
        assert_eq!(old.decide_for, DecisionWorkload::Traffic);
        assert_eq!(parse("?spread=bot&v=2").state.decide_for, DecisionWorkload::Bot);
        // Today's links, and links without a version, decide for the bot unless they say.
        assert_eq!(parse("?spread=traffic").state.decide_for, DecisionWorkload::Bot);
        assert_eq!(
            parse("?spread=traffic&v=2&decide=runs").state.decide_for,
            DecisionWorkload::Runs
        );
        assert!(parse("?ttft_def=server&v=2").notices.is_empty(), "v=2 already counted the queue");
    }

    #[test]
    fn a_query_past_the_length_a_server_takes_is_read_no_further() {
        let long = format!("?decode=45&pad={}&prompt=9", "x".repeat(1_100_000));
        let p = parse(&long);
        assert_eq!(p.state.get(Param::Decode), 45.0, "what comes first is read");
        assert_eq!(p.state.get(Param::Prompt), 16_000.0, "what comes past the limit is not");
        assert!(p.notices.iter().any(|n| n.key == "query" && n.message.contains("first 8,000")));
        assert!(parse(&format!("?decode=45&pad={}", "x".repeat(7_000))).notices.is_empty());
    }

    #[test]
    fn bad_values_fall_back_and_are_named() {
        let p = parse("?prompt=abc&decode=0&wait=-1&output=1e400&prefill=NaN&utm_source=x");
        assert_eq!(
            p.state.request(),
            crate::model::Request {
                decode_tokens_per_sec: 1.0,
                ..crate::model::Request::SUMMARISER
            }
        );
        let keys: Vec<&str> = p.notices.iter().map(|n| n.key.as_str()).collect();
        assert_eq!(keys, ["prompt", "output", "prefill", "decode", "wait"]);
    }

    #[test]
    fn every_key_of_the_chip_section_round_trips() {
        let mut state = State {
            chip: Chip::Custom,
            llm: Llm::Custom,
            weights: WeightPrecision::Int4,
            kv: KvPrecision::Fp8,
            ..State::default()
        };
        let values = [
            (Param::ChipTflops, 750.5),
            (Param::ChipBandwidth, 2_500.0),
            (Param::ChipMemory, 96.0),
            (Param::Chips, 2.0),
            (Param::HwParams, 13.55),
            (Param::HwLayers, 40.0),
            (Param::HwKvHeads, 10.0),
            (Param::HwHeadDim, 96.0),
            (Param::Batch, 8.0),
            (Param::Context, 2_000.0),
            (Param::Mfu, 0.42),
            (Param::Mbu, 0.66),
        ];
        for (param, value) in values {
            assert_eq!(state.set(param, value), value, "{}", param.spec().key);
        }
        let query = to_query(&state);
        for (param, value) in values {
            let pair = format!("&{}={}&", param.spec().key, value);
            assert!(query.contains(&pair), "{pair} in {query}");
        }
        assert!(query.contains("&chip=custom&hw_model=custom&weights=int4&kv=fp8&"), "{query}");
        assert_eq!(parse(&query), Parsed { state, notices: vec![] });
        for chip in Chip::ALL {
            assert_eq!(parse(&format!("chip={}", chip.key())).state.chip, chip);
        }
        for llm in Llm::ALL {
            assert_eq!(parse(&format!("hw_model={}", llm.key())).state.llm, llm);
        }
        let bad = parse("chip=tpu&hw_model=gpt&weights=fp4&kv=int8&mfu=1.5&batch=0");
        assert_eq!(bad.state, State::default().with(Param::Mfu, 1.0));
        let keys: Vec<&str> = bad.notices.iter().map(|n| n.key.as_str()).collect();
        assert_eq!(keys, ["batch", "mfu", "chip", "hw_model", "weights", "kv"]);
    }

    #[test]
    fn an_old_server_clock_is_read_the_corrected_way_and_said_so() {
        for old in ["ttft_def=server", "ttft_def=server&v=1"] {
            let p = parse(old);
            assert_eq!(p.state.ttft_definition, TtftDefinition::Server, "{old}");
            assert_eq!(p.notices.len(), 1, "{old}");
            assert!(p.notices[0].message.contains("“scheduled”"), "{}", p.notices[0].message);
        }
        assert!(parse("ttft_def=client").notices.is_empty(), "only the corrected clock is named");
    }

    #[test]
    fn choices_parse_and_fall_back() {
        let p = parse("model=deep&ttft_def=scheduled&v=2");
        assert_eq!(p.state.model, ModelView::Deep);
        assert_eq!(p.state.ttft_definition, TtftDefinition::Scheduled);
        assert!(p.notices.is_empty());
        assert!(parse("ttft_def=server&v=2").notices.is_empty());
        let lab = parse("spread=bot&load=peak");
        assert_eq!((lab.state.spread, lab.state.load), (Spread::Bot, Load::Peak));
        assert_eq!(parse("spread=bots&load=busy").notices.len(), 2);
        let bad = parse("model=quantum&ttft_def=");
        assert_eq!(bad.state.model, ModelView::Linear);
        assert_eq!(bad.notices.len(), 2);
        assert!(
            crate::state::notice::plain(&bad.notices[0].message)
                .contains("“quantum” is not one of"),
            "{}",
            bad.notices[0].message
        );
    }

    #[test]
    fn a_cached_prefix_longer_than_the_prompt_is_clamped_and_named() {
        let p = parse("cached=20000&prompt=5000");
        assert_eq!(p.state.get(Param::Cached), 5_000.0);
        assert_eq!(p.notices.len(), 1);
        assert!(p.notices[0].message.contains("cannot be longer than the prompt"));
        assert!(parse("cached=3000&prompt=5000").notices.is_empty());
    }

    #[test]
    fn p90_follows_the_median_both_ways() {
        let p = parse("median=1&p90=1000000");
        assert_eq!(p.state.get(Param::P90), 28_350.0);
        assert_eq!(p.notices.len(), 1);
        let message = crate::state::notice::plain(&p.notices[0].message);
        assert!(message.contains("is above the largest allowed value; using the maximum, 28,350 tokens. With a median of 1 token"), "{message}");
        let below = parse("median=500&p90=100");
        assert_eq!(below.state.get(Param::P90), 500.0);
        assert!(below.notices[0].message.contains("cannot be below the median"));
        // The table's p90 is then the control's.
        assert!((p.state.lengths().quantile(0.9) - 28_350.0).abs() < 1e-6);
    }

    #[test]
    fn repeated_keys_use_the_last_value() {
        let p = parse("prompt=100&prompt=200");
        assert_eq!(p.state.get(Param::Prompt), 200.0);
        assert_eq!(p.notices.len(), 1);
        assert!(p.notices[0].message.contains("more than once"));
    }

    #[test]
    fn reads_pairs_as_urlsearchparams_does_trimmed_of_ascii_spaces() {
        let read: Vec<(String, String)> =
            pairs("?%65mbed=time%6Cine&+embed+=x&&%20present=%09a%20b+&\u{2003}workbench=1&k")
                .collect();
        let want = [
            ("embed", "timeline"),
            ("embed", "x"),
            ("present", "a b"),
            ("\u{2003}workbench", "1"),
            ("k", ""),
        ];
        let want: Vec<(String, String)> =
            want.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        assert_eq!(read, want);
    }

    #[test]
    fn decodes_escapes_leniently() {
        assert_eq!(percent_decode("a%20b+c"), "a b c");
        assert_eq!(percent_decode("%zz%4"), "%zz%4");
        assert_eq!(percent_decode("%F0%9F%98%80"), "😀");
        assert_eq!(percent_decode("%ff"), "\u{fffd}");
        // Only two hexadecimal digits make an escape: a sign is not one.
        assert_eq!(percent_decode("%+3"), "% 3");
        assert_eq!(percent_decode("%-3%+f%+F"), "%-3% f% F");
        let p = parse("prompt=%+31000");
        assert_eq!(p.state.get(Param::Prompt), Param::Prompt.spec().default);
        assert!(crate::state::notice::plain(&p.notices[0].message).contains("“% 31000”"));
    }
}
