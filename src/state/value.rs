//! Accepting one value typed by a reader or found in a URL.

use super::notice::{excerpt, Notice};
use super::params::ParamSpec;

/// Why a raw value could not be used as given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Problem {
    Empty,
    NotANumber,
    /// A comma that cannot be a thousands separator, most likely a decimal comma ("0,25").
    DecimalComma,
    NotFinite,
    Negative,
    ZeroRate,
    BelowMin,
    AboveMax,
}

/// The value to use for `raw`, and what was wrong with it if anything.
pub fn accept(spec: &ParamSpec, raw: &str) -> (f64, Option<Problem>) {
    let text = raw.trim();
    if text.is_empty() {
        return (spec.default, Some(Problem::Empty));
    }
    let Some(digits) = without_separators(text) else {
        return (spec.default, Some(Problem::DecimalComma));
    };
    let Some(parsed) = super::number::parse_f64(&digits) else {
        return (spec.default, Some(Problem::NotANumber));
    };
    if !parsed.is_finite() {
        return (spec.default, Some(Problem::NotFinite));
    }
    if parsed < 0.0 && spec.min >= 0.0 {
        return (spec.min, Some(Problem::Negative));
    }
    if parsed == 0.0 && spec.min > 0.0 && spec.unit.contains("/s") {
        return (spec.min, Some(Problem::ZeroRate));
    }
    if parsed < spec.min {
        return (spec.min, Some(Problem::BelowMin));
    }
    if parsed > spec.max {
        return (spec.max, Some(Problem::AboveMax));
    }
    (spec.clamp(parsed), None)
}

/// `text` with its digit separators removed, or `None` when a comma in it is not a thousands
/// separator. Commas are accepted only between groups of exactly three digits before any point,
/// after a first group that does not start with 0 (`12,000`, `1,000,000.5`): anything else,
/// `0,25` and `0,250` above all, is a decimal comma, and reading it as a separator would
/// silently multiply the value. Underscores group digits freely. Result files' numbers follow
/// the same rule (`measurements::formats::generic`).
pub fn without_separators(text: &str) -> Option<String> {
    let text = text.replace('_', "");
    if !text.contains(',') {
        return Some(text);
    }
    let unsigned = text.strip_prefix(['-', '+']).unwrap_or(&text);
    let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let mut groups = whole.split(',');
    let first_ok = groups.next().is_some_and(|g| (1..=3).contains(&g.len()) && !g.starts_with('0'));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let grouped = first_ok
        && digits(whole.replace(',', "").as_str())
        && groups.all(|g| g.len() == 3)
        && digits(fraction);
    grouped.then(|| text.replace(',', ""))
}

impl Problem {
    /// Whether the raw text carries no usable number at all (as opposed to a number outside
    /// the bounds, which has a nearest allowed value).
    pub fn has_no_number(self) -> bool {
        matches!(
            self,
            Problem::Empty | Problem::NotANumber | Problem::DecimalComma | Problem::NotFinite
        )
    }

    fn reason(self, raw: &str) -> String {
        let given = excerpt(raw.trim());
        match self {
            Problem::Empty => "was left empty".to_string(),
            Problem::NotANumber => format!("“{given}” is not a number"),
            Problem::DecimalComma => {
                // One comma is almost surely a decimal one: show the number it probably meant.
                let text = raw.trim();
                let meant = Some(text.replacen(',', ".", 1))
                    .filter(|t| !t.contains(',') && super::number::parse_f64(t).is_some());
                match meant {
                    Some(meant) => format!("“{given}”: a comma can only separate thousands here; for decimals use a point, as in {}", excerpt(&meant)),
                    None => format!("“{given}”: a comma can only separate thousands here (12,000); for decimals use a point"),
                }
            }
            Problem::NotFinite => format!("“{given}” is not a finite number"),
            Problem::Negative => format!("“{given}” is negative"),
            Problem::ZeroRate => "a rate of zero would never finish".to_string(),
            Problem::BelowMin => format!("“{given}” is below the smallest allowed value"),
            Problem::AboveMax => format!("“{given}” is above the largest allowed value"),
        }
    }

    /// What a value with this problem falls back to, in words ("the default", "the minimum").
    pub fn fallback(self) -> &'static str {
        match self {
            Problem::Empty | Problem::NotANumber | Problem::DecimalComma | Problem::NotFinite => {
                "the default"
            }
            Problem::Negative | Problem::ZeroRate | Problem::BelowMin => "the minimum",
            Problem::AboveMax => "the maximum",
        }
    }
}

fn amount(spec: &ParamSpec, value: f64) -> String {
    format!("{} {}", crate::format::trimmed(value, spec.decimals.max(0) as usize), spec.unit)
}

/// A sentence naming the input, what was wrong and what is used instead (for URL values).
pub fn describe(spec: &ParamSpec, raw: &str, problem: Problem, used: f64) -> Notice {
    let name = format!("{} ({})", spec.label, spec.key);
    Notice {
        key: spec.key.to_string(),
        message: sentence(spec, &name, raw, problem, problem.fallback(), used),
    }
}

/// [`describe`]'s sentence for an input called `name` (older links' keys name themselves and the
/// key that replaced them), falling back to what `fallback` says.
pub fn sentence(
    spec: &ParamSpec,
    name: &str,
    raw: &str,
    problem: Problem,
    fallback: &str,
    used: f64,
) -> String {
    format!("{name}: {}; using {fallback}, {}.", problem.reason(raw), amount(spec, used))
}

/// What a typed field says and which value the page should hold. Text with no number in it
/// leaves the current value alone (the reader is probably mid-edit); a number out of bounds is
/// replaced by the nearest allowed one.
pub fn typed(spec: &ParamSpec, raw: &str, current: f64) -> (f64, Option<String>) {
    match accept(spec, raw) {
        (value, None) => (value, None),
        (_, Some(problem)) if problem.has_no_number() => (
            current,
            Some(format!(
                "{}; keeping {}.",
                capitalised(&problem.reason(raw)),
                amount(spec, current)
            )),
        ),
        (used, Some(problem)) => (
            used,
            Some(format!(
                "{}; using {}, {}.",
                capitalised(&problem.reason(raw)),
                problem.fallback(),
                amount(spec, used)
            )),
        ),
    }
}

/// Every reason starts with an ASCII letter or a quotation mark, so ASCII case mapping is
/// enough, and it keeps Unicode's case tables out of the wasm.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => std::iter::once(first.to_ascii_uppercase()).chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Param;

    #[test]
    fn accepts_plain_and_grouped_numbers() {
        let s = Param::Prompt.spec();
        assert_eq!(accept(s, "16000"), (16_000.0, None));
        assert_eq!(accept(s, " 16,000 "), (16_000.0, None));
        assert_eq!(accept(s, "1.6e4"), (16_000.0, None));
        assert_eq!(accept(s, "1500.5"), (1_501.0, None));
    }

    #[test]
    fn commas_only_separate_thousands() {
        let s = Param::Prompt.spec();
        assert_eq!(accept(s, "12,000"), (12_000.0, None));
        assert_eq!(accept(s, "1,000,000"), (1_000_000.0, None));
        assert_eq!(accept(Param::AttentionKnee.spec(), "1,000,000.5").1, None);
        assert_eq!(accept(Param::Wait.spec(), "1,000.5").0, Param::Wait.spec().max);
        assert_eq!(accept(Param::Wait.spec(), "-1,000.25").1, Some(Problem::Negative));
        for bad in [
            "0,25", "2,5", "12,00", "1,0000", ",000", "1,,000", "1000,000", "1.000,5", "1,000e3",
            "1,", "0,250", "00,250", "-0,075", "012,000",
        ] {
            assert_eq!(accept(s, bad), (s.default, Some(Problem::DecimalComma)), "{bad}");
        }
        let (kept, msg) = typed(Param::Decode.spec(), "2,5", 60.0);
        assert_eq!(kept, 60.0);
        let msg = crate::state::notice::plain(&msg.unwrap_or_default());
        assert!(msg.contains("use a point, as in 2.5; keeping 60 tok/s"), "{msg}");
        let wait = describe(Param::Wait.spec(), "0,25", Problem::DecimalComma, 0.0);
        assert!(crate::state::notice::plain(&wait.message)
            .contains("as in 0.25; using the default, 0 s"));
        let many = describe(Param::Wait.spec(), "1,2,3", Problem::DecimalComma, 0.0);
        assert!(many.message.contains("for decimals use a point;"), "{}", many.message);
    }

    #[test]
    fn rejects_with_a_reason() {
        let s = Param::Decode.spec();
        assert_eq!(accept(s, ""), (60.0, Some(Problem::Empty)));
        assert_eq!(accept(s, "fast"), (60.0, Some(Problem::NotANumber)));
        assert_eq!(accept(s, "NaN"), (60.0, Some(Problem::NotFinite)));
        assert_eq!(accept(s, "inf"), (60.0, Some(Problem::NotFinite)));
        assert_eq!(accept(s, "1e400"), (60.0, Some(Problem::NotFinite)));
        assert_eq!(accept(s, "-5"), (s.min, Some(Problem::Negative)));
        assert_eq!(accept(s, "0"), (s.min, Some(Problem::ZeroRate)));
        assert_eq!(accept(s, "0.5"), (s.min, Some(Problem::BelowMin)));
        assert_eq!(accept(s, "99999"), (s.max, Some(Problem::AboveMax)));
    }

    #[test]
    fn notices_name_the_input_and_the_value_used() {
        let s = Param::Decode.spec();
        let n = describe(s, "0", Problem::ZeroRate, 1.0);
        assert_eq!(n.key, "decode");
        assert!(n.message.contains("Decode rate (decode)"), "{}", n.message);
        assert!(n.message.contains("using the minimum, 1 tok/s"), "{}", n.message);
        let long = describe(s, &"9".repeat(500), Problem::AboveMax, 2000.0);
        assert!(long.message.len() < 200);
    }

    #[test]
    fn typed_values_keep_or_clamp() {
        let s = Param::Prompt.spec();
        assert_eq!(typed(s, "2500", 16_000.0), (2_500.0, None));
        let (kept, msg) = typed(s, "abc", 16_000.0);
        assert_eq!(kept, 16_000.0);
        assert_eq!(
            msg.map(|m| crate::state::notice::plain(&m)).as_deref(),
            Some("“abc” is not a number; keeping 16,000 tokens.")
        );
        let (clamped, msg) = typed(s, "5e9", 16_000.0);
        assert_eq!(clamped, s.max);
        assert_eq!(
            msg.map(|m| crate::state::notice::plain(&m)).as_deref(),
            Some("“5e9” is above the largest allowed value; using the maximum, 1,000,000 tokens.")
        );
        assert_eq!(typed(s, "", 300.0).0, 300.0);
    }
}
