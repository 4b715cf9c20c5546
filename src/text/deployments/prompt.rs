//! Sentences about a time to first token built from the bake-off's prompt: what it is made of,
//! what the retrieved passages do to it, and how far it lands from the one typed in.

use super::about_secs;
use crate::format;
use crate::model::deployments::{PromptTtft, Which};

/// The split of a built TTFT: prefill, and everything before it.
pub fn prefill_note(p: &PromptTtft) -> String {
    format!(
        "{} of prefill after {} of waiting (network and queue)",
        format::duration(p.prefill_secs()),
        format::duration(p.ttft_secs() - p.prefill_secs())
    )
}

/// The retrieval lever, for one deployment: each passage's cost, and the first token at four and
/// at twelve passages, with the same prompt otherwise.
pub fn passages_lever(p: &PromptTtft, which: Which) -> String {
    let per_passage = p.with_passages(1.0).ttft_secs() - p.with_passages(0.0).ttft_secs();
    let name = which.label();
    format!(
        "Retrieved passages are the document chunks a search step pastes into the prompt, and \
         here they are the lever: each one adds {} before {name}'s first token. With four \
         passages it would come after about {}; with twelve, after about {}. No prompt makes \
         {name} decode any faster: the first token depends partly on the prompt, the decode rate \
         only on the model and its hardware.",
        format::duration(per_passage),
        about_secs(p.with_passages(4.0).ttft_secs()),
        about_secs(p.with_passages(12.0).ttft_secs()),
    )
}

/// How the built TTFT compares with the one typed in as measured: the race uses the built one,
/// so a reader switching source should see by how much it moved.
pub fn built_against_measured(built_secs: f64, measured_secs: f64) -> String {
    if (built_secs - measured_secs).abs() < 5e-4 {
        format!("The same as the {} typed in as measured.", format::duration(measured_secs))
    } else {
        format!(
            "Built this way it is {}, against the {} typed in as measured; the race below uses \
             the built one.",
            format::secs_fixed(built_secs, 3),
            format::secs_fixed(measured_secs, 3)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{Param, State};

    #[test]
    fn b_s_lesson_prompt_splits_and_moves_as_the_lesson_says() {
        let s = State::default();
        let b = s.b_prompt_ttft();
        assert_eq!(
            prefill_note(&b),
            "667 ms of prefill after 230 ms of waiting (network and queue)"
        );
        let lever = passages_lever(&b, Which::B);
        assert!(lever.contains("adds 54 ms before B's"), "{lever}");
        assert!(lever.contains("after about 0.46 s; with twelve, after about 0.9 s"), "{lever}");
        assert_eq!(
            built_against_measured(b.ttft_secs(), s.get(Param::BTtft)),
            "Built this way it is 0.897 s, against the 0.900 s typed in as measured; the race below uses the built one."
        );
    }

    #[test]
    fn a_s_faster_prefill_makes_the_same_prompt_its_two_tenths() {
        let s = State::default();
        let a = s.a_prompt_ttft();
        assert_eq!(a.prompt_tokens(), s.b_prompt_ttft().prompt_tokens());
        assert_eq!(
            built_against_measured(a.ttft_secs(), s.get(Param::ATtft)),
            "The same as the 200 ms typed in as measured."
        );
    }

    #[test]
    fn no_prompt_gives_a_nan() {
        let p =
            PromptTtft { prefill_tokens_per_sec: 0.0, passages: f64::NAN, ..PromptTtft::LESSON_B };
        for text in [prefill_note(&p), passages_lever(&p, Which::A)] {
            assert!(!text.contains("NaN") && !text.contains("inf"), "{text}");
        }
    }
}
