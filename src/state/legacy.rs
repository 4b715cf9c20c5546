//! Keys that older links carry and the page no longer has, read into today's state so that a
//! link someone shared keeps opening on what it showed.
//!
//! Until the bake-off sent both deployments one prompt, each had its own: `a_base`,
//! `a_passages`, `a_passage_tokens` and the same three for B. Today's `base`, `passages` and
//! `passage_tokens` take them over.

use super::notice::Notice;
use super::params::Param;
use super::value::{accept, sentence, Problem};
use super::{State, TtftSource};
use crate::format;

/// One side's old prompt keys, in the order of [`Param::BAKEOFF_PROMPT`], with the defaults
/// they had: A's short prompt made its 0.2 s at its own prefill rate.
struct OldPrompt {
    side: &'static str,
    keys: [&'static str; 3],
    defaults: [f64; 3],
}

const OLD_A: OldPrompt = OldPrompt {
    side: "A",
    keys: ["a_base", "a_passages", "a_passage_tokens"],
    defaults: [200.0, 2.0, 650.0],
};
const OLD_B: OldPrompt = OldPrompt {
    side: "B",
    keys: ["b_base", "b_passages", "b_passage_tokens"],
    defaults: [200.0, 12.0, 650.0],
};

const OLD_A_PREFILL_TOKENS_PER_SEC: f64 = 12_000.0;

/// Whether `key` is one of the old per-deployment prompt keys.
pub fn is_old_prompt_key(key: &str) -> bool {
    OLD_A.keys.contains(&key) || OLD_B.keys.contains(&key)
}

/// What one old key of a link asks for.
struct OldValue {
    /// The value to use: the link's, clamped to today's bounds, or where it holds no number the
    /// default its side had when such links were made (a page of that time fell back to it).
    value: f64,
    /// The key's raw text and what was wrong with it, if it was given and wrong.
    problem: Option<(String, Problem)>,
    given: bool,
}

impl OldPrompt {
    fn read(&self, old: &[(String, String)], i: usize) -> OldValue {
        let default = self.defaults.get(i).copied().unwrap_or_default();
        let key = self.keys.get(i).copied().unwrap_or_default();
        let (Some((_, raw)), Some(param)) =
            (old.iter().rev().find(|(k, _)| k == key), Param::BAKEOFF_PROMPT.get(i))
        else {
            return OldValue { value: default, problem: None, given: false };
        };
        match accept(param.spec(), raw) {
            (value, None) => OldValue { value, problem: None, given: true },
            (_, Some(problem)) if problem.has_no_number() => {
                OldValue { value: default, problem: Some((raw.clone(), problem)), given: true }
            }
            (value, Some(problem)) => {
                OldValue { value, problem: Some((raw.clone(), problem)), given: true }
            }
        }
    }

    /// The prompt this side's keys describe, in tokens.
    fn tokens(&self, old: &[(String, String)]) -> f64 {
        let [base, passages, per_passage] = [0, 1, 2].map(|i| self.read(old, i).value);
        base + passages * per_passage
    }

    /// The notices for this side's keys that were given and wrong, naming each old key beside
    /// the key that replaced it; `used` is what was used instead of each.
    fn problems(&self, old: &[(String, String)], used: &dyn Fn(usize, f64) -> f64) -> Vec<Notice> {
        let mut notices = Vec::new();
        for (i, param) in Param::BAKEOFF_PROMPT.into_iter().enumerate() {
            let read = self.read(old, i);
            let Some((raw, problem)) = read.problem else { continue };
            let spec = param.spec();
            let key = self.keys.get(i).copied().unwrap_or_default();
            let name = format!("{} for {} ({key}, now {})", spec.label, self.side, spec.key);
            let fallback = if problem.has_no_number() {
                format!("{}'s default when such links were made", self.side)
            } else {
                problem.fallback().to_string()
            };
            let message = sentence(spec, &name, &raw, problem, &fallback, used(i, read.value));
            notices.push(Notice { key: key.to_string(), message });
        }
        notices
    }
}

/// Applies the old prompt keys in `old` (key, last value) to `state`, whose TTFT sources are
/// already read. Keys of today's prompt given in the same link (`given`) win, with one notice if
/// they disagree with the old ones. The prompt kept is the one the link's figures used: A's
/// when only A was built from its prompt, otherwise B's, so every deployment built from its
/// prompt keeps its time to first token unless both were and their prompts differed, which a
/// notice then says. An old value that holds no number reads as its side's default of the time.
pub fn apply_old_prompts(
    old: &[(String, String)],
    given: &[Param],
    state: &mut State,
    notices: &mut Vec<Notice>,
) {
    if old.is_empty() {
        return;
    }
    let a_from_prompt = state.a_ttft_source == TtftSource::Prompt;
    let b_from_prompt = state.b_ttft_source == TtftSource::Prompt;
    let (kept, other) =
        if a_from_prompt && !b_from_prompt { (&OLD_A, &OLD_B) } else { (&OLD_B, &OLD_A) };
    let mut overridden = Vec::new();
    for (i, param) in Param::BAKEOFF_PROMPT.into_iter().enumerate() {
        let read = kept.read(old, i);
        if given.contains(&param) {
            if read.given && (read.value - state.get(param)).abs() > 1e-9 {
                let key = kept.keys.get(i).copied().unwrap_or_default();
                overridden.push(format!("{key}, now {}", param.spec().key));
            }
            continue;
        }
        state.set(param, read.value);
    }
    // Each bad value is named with the value stored for it. Those today's keys replaced are
    // covered by the one notice below.
    let stored: Vec<f64> = Param::BAKEOFF_PROMPT.iter().map(|p| state.get(*p)).collect();
    let mut bad = kept.problems(old, &|i, read| stored.get(i).copied().unwrap_or(read));
    bad.retain(|n| {
        let i = kept.keys.iter().position(|k| *k == n.key);
        !i.and_then(|i| Param::BAKEOFF_PROMPT.get(i)).is_some_and(|p| given.contains(p))
    });
    notices.extend(bad);
    if !overridden.is_empty() {
        notices.push(Notice {
            key: kept.keys.first().copied().unwrap_or_default().to_string(),
            message: format!(
                "This link gives the bake-off's prompt twice, in today's keys and in older \
                 ones for {} that disagree ({}); today's are used.",
                kept.side,
                overridden.join("; ")
            ),
        });
    }
    // A's prefill rate was 12,000 tok/s by default then; links the page wrote carry it, but a
    // link typed by hand may not.
    if !given.contains(&Param::APrefill) {
        state.set(Param::APrefill, OLD_A_PREFILL_TOKENS_PER_SEC);
    }
    if a_from_prompt && b_from_prompt {
        // The other side's prompt is named in the notice, so its bad values are named too.
        notices.extend(other.problems(old, &|_, read| read));
        let (a_tokens, b_tokens) = (OLD_A.tokens(old), OLD_B.tokens(old));
        if (a_tokens - b_tokens).abs() > 0.5 {
            notices.push(Notice {
                key: "a_passages".to_string(),
                message: format!(
                    "This link gave each deployment its own prompt. A fair bake-off sends both \
                     the same one, and the page now does: A is sent B's prompt of {} instead of \
                     its own {}, so A's first token moves.",
                    format::tokens(b_tokens),
                    format::tokens(a_tokens)
                ),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::query::parse;
    use super::*;

    #[test]
    fn a_link_from_before_opens_on_the_same_race_without_a_notice() {
        let old = "a_base=200&a_passages=2&a_passage_tokens=650&a_prefill=12000&a_overhead=0.075&\
                   b_base=200&b_passages=12&b_passage_tokens=650&b_prefill=12000&b_overhead=0.23";
        let parsed = parse(old);
        assert!(parsed.notices.is_empty(), "{:?}", parsed.notices);
        assert_eq!(parsed.state.get(Param::Passages), 12.0);
        assert_eq!(parsed.state.comparison(), State::default().comparison());
    }

    #[test]
    fn a_side_alone_built_from_its_prompt_keeps_its_prompt_and_its_ttft() {
        let parsed = parse("a_ttft_from=prompt&a_passages=4&b_passages=12");
        assert!(parsed.notices.is_empty(), "{:?}", parsed.notices);
        assert_eq!(parsed.state.get(Param::Passages), 4.0);
        // 200 + 4 × 650 = 2,800 tokens at 12,000 tok/s, plus 0.075 s.
        let ttft = parsed.state.comparison().a.ttft_secs;
        assert!((ttft - (2_800.0 / 12_000.0 + 0.075)).abs() < 1e-9, "{ttft}");
    }

    #[test]
    fn b_alone_keeps_the_lessons_four_passages() {
        let parsed = parse("b_ttft_from=prompt&b_passages=4");
        assert!(parsed.notices.is_empty(), "{:?}", parsed.notices);
        assert!((parsed.state.comparison().b.ttft_secs - 0.46).abs() < 0.005);
    }

    #[test]
    fn two_different_prompts_become_b_s_and_the_page_says_so() {
        let parsed = parse("a_ttft_from=prompt&b_ttft_from=prompt&a_passages=2&b_passages=12");
        assert_eq!(parsed.state.get(Param::Passages), 12.0);
        assert_eq!(parsed.notices.len(), 1, "{:?}", parsed.notices);
        let message = &parsed.notices.first().map(|n| n.message.clone()).unwrap_or_default();
        assert!(message.contains("8,000 tokens") && message.contains("1,500 tokens"), "{message}");
    }

    #[test]
    fn today_s_keys_win_over_old_ones() {
        let parsed = parse("b_ttft_from=prompt&b_passages=4&passages=6");
        assert_eq!(parsed.state.get(Param::Passages), 6.0);
    }

    #[test]
    fn a_bad_old_value_falls_back_and_is_named() {
        let parsed = parse("b_passages=lots");
        assert_eq!(parsed.state.get(Param::Passages), 12.0);
        assert_eq!(parsed.notices.len(), 1, "{:?}", parsed.notices);
    }

    fn messages(parsed: &crate::state::query::Parsed) -> Vec<String> {
        parsed.notices.iter().map(|n| crate::state::notice::plain(&n.message)).collect()
    }

    #[test]
    fn a_bad_old_value_falls_back_to_the_default_it_had_then_and_names_both_keys() {
        // A's old prompt had 2 passages by default, where today's shared one has 12.
        let parsed = parse("a_ttft_from=prompt&a_passages=lots");
        assert_eq!(parsed.state.get(Param::Passages), 2.0);
        let ttft = parsed.state.comparison().a.ttft_secs;
        assert!((ttft - (1_500.0 / 12_000.0 + 0.075)).abs() < 1e-9, "{ttft}");
        let said = messages(&parsed);
        assert_eq!(said.len(), 1, "{said:?}");
        assert_eq!(parsed.notices[0].key, "a_passages");
        for part in ["a_passages", "passages)", "“lots”", "2 passages", "A's"] {
            assert!(said[0].contains(part), "{part} in {}", said[0]);
        }
    }

    #[test]
    fn a_bad_value_on_the_side_not_kept_does_not_change_the_prompt_it_is_compared_with() {
        let parsed = parse("a_ttft_from=prompt&b_ttft_from=prompt&a_passages=lots&b_passages=4");
        assert_eq!(parsed.state.get(Param::Passages), 4.0);
        let said = messages(&parsed);
        assert_eq!(said.len(), 2, "{said:?}");
        assert!(said.iter().any(|m| m.contains("a_passages") && m.contains("“lots”")), "{said:?}");
        let moved = said.iter().find(|m| m.contains("B's prompt")).expect("the prompt notice");
        assert!(moved.contains("2,800 tokens") && moved.contains("1,500 tokens"), "{moved}");
    }

    #[test]
    fn old_and_new_keys_that_disagree_give_one_notice_naming_both() {
        let parsed = parse("b_ttft_from=prompt&b_passages=4&passages=6&b_base=100&base=300");
        assert_eq!(parsed.state.get(Param::Passages), 6.0);
        assert_eq!(parsed.state.get(Param::BaseTokens), 300.0);
        let said = messages(&parsed);
        assert_eq!(said.len(), 1, "{said:?}");
        for key in ["b_passages", "passages", "b_base", "base"] {
            assert!(said[0].contains(key), "{key} in {}", said[0]);
        }
        let agreeing = parse("b_ttft_from=prompt&b_passages=6&passages=6");
        assert!(agreeing.notices.is_empty(), "{:?}", agreeing.notices);
    }
}
