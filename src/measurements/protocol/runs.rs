//! The runs a read gives ([`super::Reply::Runs`]), in the text form they cross from the worker to
//! the page in: one string, which crosses in one copy where an object of many fields would be
//! cloned field by field.

use super::wire::whole_number;
use crate::measurements::MAX_RUNS_PER_VISIT;
use crate::state::number::parse_f64;

/// A read's answer: the file's runs, or the refusal's message.
pub type RunsReply = Result<Vec<PageRun>, String>;

/// One run as the worker hands it to the page: all the page needs to list it, show it and set
/// its rates. The worker keeps the run itself, to draw its figures and write its downloads.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PageRun {
    /// The run's number in the worker.
    pub id: usize,
    /// The run's entry in the list to choose from.
    pub choice: String,
    /// The start of its downloads' names (`crossover-vllm`).
    pub file_stem: String,
    pub prefill_tokens_per_sec: Option<f64>,
    pub decode_tokens_per_sec: Option<f64>,
    pub wait_secs: Option<f64>,
    /// What the page shows of the run, as data (`text::measurements::RunView`'s wire form): the
    /// page builds the markup from it.
    pub view: String,
}

// ASCII's record, group and unit separators, which no field keeps.
const RUN: char = '\u{1e}';
const NOTE: char = '\u{1d}';
const FIELD: char = '\u{1f}';
const OK: &str = "ok";
const REFUSED: &str = "refused";

/// A read's answer as one string: `ok`, then each run's fields, or `refused` and the message.
pub fn encode_runs(reply: &RunsReply) -> String {
    match reply {
        Err(message) => format!("{REFUSED}{FIELD}{}", clean(message)),
        Ok(runs) => {
            let mut out = OK.to_string();
            for run in runs {
                out.push(RUN);
                let fields = [
                    run.id.to_string(),
                    clean(&run.choice),
                    clean(&run.file_stem),
                    number(run.prefill_tokens_per_sec),
                    number(run.decode_tokens_per_sec),
                    number(run.wait_secs),
                    clean(&run.view),
                ];
                out.push_str(&fields.join(&FIELD.to_string()));
            }
            out
        }
    }
}

/// Reads [`encode_runs`]'s text back; `None` if it is not such a text.
pub fn decode_runs(text: &str) -> Option<RunsReply> {
    if let Some(message) = text.strip_prefix(REFUSED).and_then(|t| t.strip_prefix(FIELD)) {
        return super::wire::bounded(message.to_string()).map(Err);
    }
    let mut parts = text.split(RUN);
    if parts.next()? != OK {
        return None;
    }
    // No more runs in one answer than the worker may keep in a visit: an answer with more is
    // refused whole, before any of it is read.
    if parts.clone().nth(MAX_RUNS_PER_VISIT).is_some() {
        return None;
    }
    parts.map(decode_run).collect::<Option<Vec<_>>>().map(Ok)
}

fn clean(text: &str) -> String {
    text.replace([RUN, NOTE, FIELD], " ")
}

fn number(x: Option<f64>) -> String {
    x.filter(|x| x.is_finite()).map(|x| x.to_string()).unwrap_or_default()
}

fn decode_run(text: &str) -> Option<PageRun> {
    let mut f = text.split(FIELD).map(str::to_string);
    // The state's parser, not `str::parse::<f64>`: the page's wasm then carries no second
    // float parser (see `state::number`).
    let opt = |s: String| if s.is_empty() { Some(None) } else { parse_f64(&s).map(Some) };
    let id = whole_number(&f.next()?)?;
    let run = PageRun {
        id,
        choice: super::wire::bounded(f.next()?)?,
        file_stem: super::wire::bounded(f.next()?)?,
        prefill_tokens_per_sec: opt(f.next()?)?,
        decode_tokens_per_sec: opt(f.next()?)?,
        wait_secs: opt(f.next()?)?,
        view: f.next()?,
    };
    f.next().is_none().then_some(run)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run() -> PageRun {
        PageRun {
            id: 7,
            choice: "tabs\u{1f}and\u{1e}separators\u{1d}are dropped (CSV table)".to_string(),
            file_stem: "crossover-csv".to_string(),
            prefill_tokens_per_sec: Some(10_123.456_789),
            decode_tokens_per_sec: None,
            wait_secs: Some(0.1 + 0.2),
            view: "a \u{1e}label\u{1f} and 1e-7\u{1c}".to_string(),
        }
    }

    #[test]
    fn runs_read_back_exactly_with_their_separators_dropped() {
        let decoded = decode_runs(&encode_runs(&Ok(vec![run(), run()])));
        let mut expected = run();
        expected.choice = "tabs and separators are dropped (CSV table)".to_string();
        expected.view = "a  label  and 1e-7\u{1c}".to_string();
        assert!(decoded == Some(Ok(vec![expected.clone(), expected])), "{decoded:?}");
        assert_eq!(decode_runs(&encode_runs(&Ok(vec![]))), Some(Ok(vec![])));
        assert_eq!(
            decode_runs(&encode_runs(&Err("no\u{1e}thing".to_string()))),
            Some(Err("no thing".to_string()))
        );
    }

    #[test]
    fn a_text_that_is_not_a_reply_is_refused() {
        assert_eq!(decode_runs("garbage"), None);
        assert_eq!(decode_runs(super::super::READY), None);
        assert_eq!(decode_runs("ok\u{1e}too\u{1f}few"), None);
        let one = encode_runs(&Ok(vec![run()]));
        assert_eq!(decode_runs(&format!("{one}\u{1f}extra")), None);
        assert_eq!(decode_runs(&one.replacen("ok\u{1e}7", "ok\u{1e}-7", 1)), None);
        assert_eq!(decode_runs(&one.replacen("ok\u{1e}7", "ok\u{1e}7.5", 1)), None);
        assert_eq!(decode_runs(&one.replacen("10123.456789", "fast", 1)), None);
    }

    /// What a worker's script altered on the host could send: the page holds it to its own
    /// limits, whatever the worker keeps to.
    #[test]
    fn a_reply_past_the_pages_limits_is_refused_whole() {
        use crate::measurements::protocol::wire::MOST_TEXT_CHARS;
        let many = vec![run(); MAX_RUNS_PER_VISIT + 1];
        assert_eq!(decode_runs(&encode_runs(&Ok(many))), None, "more runs than a visit keeps");
        let most = vec![run(); MAX_RUNS_PER_VISIT];
        assert!(
            matches!(decode_runs(&encode_runs(&Ok(most))), Some(Ok(r)) if r.len() == MAX_RUNS_PER_VISIT)
        );
        for long in [MOST_TEXT_CHARS + 1, 200_000] {
            let mut named = run();
            named.choice = "m".repeat(long);
            assert_eq!(decode_runs(&encode_runs(&Ok(vec![named]))), None, "a name of {long}");
            let mut stem = run();
            stem.file_stem = "é".repeat(long);
            assert_eq!(decode_runs(&encode_runs(&Ok(vec![stem]))), None, "a stem of {long}");
            let refusal = encode_runs(&Err("w".repeat(long)));
            assert_eq!(decode_runs(&refusal), None, "a refusal of {long}");
        }
        let mut longest = run();
        longest.choice = "é".repeat(MOST_TEXT_CHARS);
        assert!(decode_runs(&encode_runs(&Ok(vec![longest]))).is_some(), "at the limit");
    }
}
