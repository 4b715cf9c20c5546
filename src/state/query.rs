//! The URL codec: a query string in, a valid state and the notices out; a state in, a query
//! string out. Parsing never fails: anything unusable falls back and is named.

use super::notice::{excerpt, Notice};
use super::params::Param;
use super::value::{accept, describe};
use super::State;

/// Bumped if the meaning of a key ever changes, so old links can be read the old way.
pub const VERSION: &str = "1";

/// What a query string amounts to.
#[derive(Clone, Debug, PartialEq)]
pub struct Parsed {
    pub state: State,
    pub notices: Vec<Notice>,
}

/// Reads a query string (with or without the leading `?`). Keys the page does not know are
/// ignored; a key given twice uses its last value and says so.
pub fn parse(query: &str) -> Parsed {
    let mut state = State::default();
    let mut notices = Vec::new();
    let mut seen: Vec<Param> = Vec::new();
    let query = query.strip_prefix('?').unwrap_or(query);
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (raw_key, raw_value) = pair.split_once('=').unwrap_or((pair, ""));
        let key = percent_decode(raw_key);
        let Some(param) = Param::from_key(key.trim()) else {
            continue;
        };
        let value = percent_decode(raw_value);
        if seen.contains(&param) {
            notices.retain(|n: &Notice| n.key != param.spec().key);
            notices.push(Notice {
                key: param.spec().key.to_string(),
                message: format!("{} ({}) was given more than once; using the last, “{}”.", param.spec().label, param.spec().key, excerpt(&value)),
            });
        } else {
            seen.push(param);
        }
        let spec = param.spec();
        let (used, problem) = accept(spec, &value);
        state.set(param, used);
        if let Some(problem) = problem {
            notices.push(describe(spec, &value, problem, used));
        }
    }
    Parsed { state, notices }
}

/// The query string for a state, every control included so a link means the same thing even
/// if defaults change later.
pub fn to_query(state: &State) -> String {
    let mut out = String::new();
    for param in Param::ALL {
        let spec = param.spec();
        out.push_str(spec.key);
        out.push('=');
        out.push_str(&crate::format::trimmed(state.get(param), spec.decimals.max(0) as usize).replace(',', ""));
        out.push('&');
    }
    out.push_str("v=");
    out.push_str(VERSION);
    out
}

/// Decodes `%XX` escapes and `+` as a space; malformed escapes are kept literally and invalid
/// UTF-8 is replaced, since a URL can hold anything.
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
                let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok()).and_then(|h| u8::from_str_radix(h, 16).ok());
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
        let state = State::default().with(Param::Prompt, 2_800.0).with(Param::Decode, 110.0).with(Param::Wait, 0.23);
        let query = to_query(&state);
        assert_eq!(query, "prompt=2800&output=300&prefill=8000&decode=110&wait=0.23&reading=240&v=1");
        assert_eq!(parse(&query), Parsed { state, notices: vec![] });
    }

    #[test]
    fn bad_values_fall_back_and_are_named() {
        let p = parse("?prompt=abc&decode=0&wait=-1&output=1e400&prefill=NaN&utm_source=x");
        assert_eq!(p.state.prompt_tokens, 16_000.0);
        assert_eq!(p.state.decode_tokens_per_sec, 1.0);
        assert_eq!(p.state.wait_secs, 0.0);
        assert_eq!(p.state.output_tokens, 300.0);
        assert_eq!(p.state.prefill_tokens_per_sec, 8_000.0);
        let keys: Vec<&str> = p.notices.iter().map(|n| n.key.as_str()).collect();
        assert_eq!(keys, ["prompt", "decode", "wait", "output", "prefill"]);
    }

    #[test]
    fn repeated_keys_use_the_last_value() {
        let p = parse("prompt=100&prompt=200");
        assert_eq!(p.state.prompt_tokens, 200.0);
        assert_eq!(p.notices.len(), 1);
        assert!(p.notices[0].message.contains("more than once"));
    }

    #[test]
    fn decodes_escapes_leniently() {
        assert_eq!(percent_decode("a%20b+c"), "a b c");
        assert_eq!(percent_decode("%zz%4"), "%zz%4");
        assert_eq!(percent_decode("%F0%9F%98%80"), "😀");
        assert_eq!(percent_decode("%ff"), "\u{fffd}");
    }
}
