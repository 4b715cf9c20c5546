//! Sentences about one request: what each readout means, who owns the clock, what the person or
//! program at the other end waits for, and the predict-then-check challenge's replies.

use crate::format;
use crate::model::deep::TtftDefinition;
use crate::model::deployments::Consumer;
use crate::model::Bound;
use crate::state::headline::Crossing;
use crate::state::{Headline, ModelView, Param, State};

/// Under the TTFT readout: which clock it is read from, and on which model.
pub fn ttft_note(definition: TtftDefinition, deep: bool) -> String {
    let basis = if deep { "deeper model" } else { "straight lines" };
    match definition {
        TtftDefinition::Client => {
            format!("the blank screen, from sending to the first token ({basis})")
        }
        TtftDefinition::Server => {
            format!("from the request's arrival at the server: network left out ({basis})")
        }
        TtftDefinition::Scheduled => {
            format!("from the moment the server starts the request: network and queue left out ({basis})")
        }
    }
}

/// Which phase takes longer, as the verdict under the readouts says it.
pub fn bound_verdict(bound: Bound) -> &'static str {
    match bound {
        Bound::Decode => {
            "Writing the answer takes longer than reading the prompt: decode owns the clock."
        }
        Bound::Prefill => {
            "Reading the prompt takes longer than writing the answer: prefill owns the clock."
        }
        Bound::Balanced => "Both phases take exactly as long: this prompt sits on the crossing.",
    }
}

/// The `data-value` of that verdict.
pub fn bound_key(bound: Bound) -> &'static str {
    match bound {
        Bound::Decode => "decode",
        Bound::Prefill => "prefill",
        Bound::Balanced => "balanced",
    }
}

/// What a streamed answer feels like to whoever consumes it, with this request's numbers.
pub fn felt_wait(
    consumer: Consumer,
    h: &Headline,
    decode_per_sec: f64,
    reading_per_sec: f64,
) -> String {
    match consumer {
        Consumer::Machine => {
            let (part, secs) = largest_part(h);
            format!(
                "A parser, a validator or the next model call can use nothing until the last token, so it waits the whole {}, streamed or not. The largest part of that is {part} ({}), so that is the part to shorten first.",
                format::duration(h.total_secs),
                format::duration(secs),
            )
        }
        Consumer::Reader => {
            let pace = if decode_per_sec >= reading_per_sec {
                format!(
                    "From then on the words arrive at {}, faster than the {} a person reads, so the reader never waits again and a faster decode would hardly be felt.",
                    format::rate(decode_per_sec),
                    format::rate(reading_per_sec)
                )
            } else {
                format!(
                    "From then on the words arrive at {}, slower than the {} a person reads, so the reader keeps catching up with the text and waiting for more.",
                    format::rate(decode_per_sec),
                    format::rate(reading_per_sec)
                )
            };
            format!(
                "Streamed, the screen stays blank for {}; without streaming it would stay blank for {}. {pace}",
                format::duration(h.client_ttft_secs),
                format::duration(h.total_secs)
            )
        }
    }
}

/// The longest of the four parts a program waits through, by name.
fn largest_part(h: &Headline) -> (&'static str, f64) {
    [
        ("decode, writing the answer", h.decode_secs),
        ("prefill, reading the prompt", h.prefill_secs),
        ("the server's queue", h.queue_secs),
        ("the network", h.network_secs),
    ]
    .into_iter()
    .fold(("decode, writing the answer", f64::NEG_INFINITY), |best, part| {
        if part.1 > best.1 {
            part
        } else {
            best
        }
    })
}

/// The answer length the challenge is posed at.
pub const CHALLENGE_OUTPUT_TOKENS: f64 = 300.0;

/// Where the reader stands in the challenge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeStage {
    /// No guess locked yet: nothing about the answer is shown.
    Guess,
    /// Guess locked, prompt still short of the crossing.
    NotYet,
    /// Guess locked and prompt past the crossing.
    Passed,
    /// Guess locked but the answer length moved away from the one the question is about.
    AnswerMoved,
}

impl ChallengeStage {
    pub fn of(locked: bool, state: &State) -> ChallengeStage {
        if !locked {
            ChallengeStage::Guess
        } else if state.get(Param::Output) != CHALLENGE_OUTPUT_TOKENS {
            ChallengeStage::AnswerMoved
        } else if state.crossing().passed() {
            ChallengeStage::Passed
        } else {
            ChallengeStage::NotYet
        }
    }

    /// The `data-state` of the challenge's feedback.
    pub fn key(self) -> &'static str {
        match self {
            ChallengeStage::Guess => "guess",
            ChallengeStage::NotYet => "not-yet",
            ChallengeStage::Passed => "passed",
            ChallengeStage::AnswerMoved => "answer-moved",
        }
    }
}

/// How far a guess landed from the truth, in words.
pub fn how_far_off(guess: f64, truth: f64) -> String {
    if !(truth > 0.0 && guess.is_finite()) {
        return String::new();
    }
    let off = (guess - truth) / truth;
    if off.abs() < 0.1 {
        format!("Your guess of {} was within ten percent of it.", format::tokens(guess))
    } else if off < 0.0 {
        format!(
            "Your guess of {} was {} short of it.",
            format::tokens(guess),
            format::percent(-off)
        )
    } else {
        format!("Your guess of {} was {} too long.", format::tokens(guess), format::percent(off))
    }
}

/// The crossing's length, or in a few words why there is none.
pub fn crossing_tokens(c: &Crossing) -> String {
    match c.prompt_tokens {
        Some(tokens) => format::tokens(tokens),
        None => "none: reading never catches up".to_string(),
    }
}

/// Which model a crossing is computed on, for a note under it.
fn on_model(c: &Crossing) -> &'static str {
    match c.model {
        ModelView::Linear => "the straight lines",
        ModelView::Deep => "the deeper model",
    }
}

/// Under the crossing ratio.
pub fn crossing_ratio_note(c: &Crossing) -> String {
    match c.model {
        ModelView::Linear => "prompt tokens per answer token at which the phases cost the same (prefill rate ÷ decode rate)".to_string(),
        ModelView::Deep => "prompt tokens per answer token at the crossing under the deeper model; unlike the straight lines' prefill rate ÷ decode rate, it shrinks as answers grow".to_string(),
    }
}

/// Under the crossing itself: what it is computed from, and on the deeper model what the
/// straight lines would say.
pub fn crossing_prompt_note(c: &Crossing, straight: &Crossing) -> String {
    match c.model {
        ModelView::Linear => {
            format!("the ratio times the answer, {}", format::tokens(c.answer_tokens))
        }
        ModelView::Deep => format!(
            "on {} for an answer of {}; the straight lines put it at {}",
            on_model(c),
            format::tokens(c.answer_tokens),
            crossing_tokens(straight)
        ),
    }
}

/// The share of each phase in the total and in the first token, where the crossing is stated:
/// the crossing is about the total, while the first token is the prompt's whatever the answer.
pub fn phase_shares(h: &Headline) -> String {
    let (_, prefill, decode) = h.shares();
    let before_first = h.client_ttft_secs;
    let prompt_side = h.wait_secs + h.prefill_secs;
    let first_share = if before_first > 0.0 { prompt_side / before_first } else { 0.0 };
    format!(
        "For the request in the panel, reading the prompt is {} of the total and writing the answer {}; of the {} before the first token, the wait and the prompt are {}.",
        format::percent(prefill),
        format::percent(decode),
        format::duration(before_first),
        format::percent(first_share.clamp(0.0, 1.0)),
    )
}

/// The challenge's reply once a guess is locked, on the crossing the rest of the page states.
pub fn challenge_feedback(stage: ChallengeStage, guess: f64, state: &State) -> String {
    let c = state.crossing();
    let reveal = match c.prompt_tokens {
        Some(crossing) => format!(
            "At these rates the two phases cost the same at {}{}. {}",
            format::tokens(crossing),
            match c.model {
                ModelView::Linear => "",
                ModelView::Deep => " on the deeper model",
            },
            how_far_off(guess, crossing)
        ),
        None => "At these rates reading the prompt never catches up with writing the answer."
            .to_string(),
    };
    match stage {
        ChallengeStage::Guess => super::veil::BEFORE_A_GUESS.to_string(),
        ChallengeStage::NotYet => format!(
            "{reveal} Now drag the prompt and watch the bars: reading takes {}, writing {}, so the prompt still has to grow.",
            format::duration(c.prefill_secs),
            format::duration(c.decode_secs)
        ),
        ChallengeStage::Passed => format!(
            "{reveal} You are past it: reading the prompt now takes {} against {} of writing.",
            format::duration(c.prefill_secs),
            format::duration(c.decode_secs)
        ),
        ChallengeStage::AnswerMoved => format!(
            "The question is about an answer of 300 tokens, and the answer is now {}. Set it back (the button below does it) to compare with your guess.",
            format::tokens(state.get(Param::Output))
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_challenge_reveals_only_after_a_guess() {
        let s = State::default();
        let hidden = challenge_feedback(ChallengeStage::of(false, &s), 30_000.0, &s);
        assert!(!hidden.contains("40,000"), "{hidden}");
        let stage = ChallengeStage::of(true, &s);
        assert_eq!(stage, ChallengeStage::NotYet);
        let shown = challenge_feedback(stage, 30_000.0, &s);
        assert!(shown.contains("40,000 tokens") && shown.contains("25% short"), "{shown}");
        let past = s.with(Param::Prompt, 41_000.0);
        assert_eq!(ChallengeStage::of(true, &past), ChallengeStage::Passed);
        let moved = s.with(Param::Output, 500.0);
        assert_eq!(ChallengeStage::of(true, &moved), ChallengeStage::AnswerMoved);
    }

    #[test]
    fn the_challenge_answers_on_the_chosen_model() {
        let mut s = State::default();
        s.model = ModelView::Deep;
        let shown = challenge_feedback(ChallengeStage::of(true, &s), 30_000.0, &s);
        assert!(shown.contains("32,943 tokens on the deeper model"), "{shown}");
        // 33,000 tokens is past the deeper crossing though short of the straight lines' 40,000.
        let past = s.with(Param::Prompt, 33_000.0);
        assert_eq!(ChallengeStage::of(true, &past), ChallengeStage::Passed);
        let c = s.crossing();
        let straight = State::default().crossing();
        assert_eq!(crossing_tokens(&c), "32,943 tokens");
        assert!(crossing_prompt_note(&c, &straight)
            .ends_with("the straight lines put it at 40,000 tokens"));
    }

    #[test]
    fn the_first_token_belongs_to_the_prompt_whatever_the_total() {
        let h = State::default().headline();
        assert_eq!(
            phase_shares(&h),
            "For the request in the panel, reading the prompt is 29% of the total and writing the answer 71%; of the 2.02 s before the first token, the wait and the prompt are 99%."
        );
    }

    #[test]
    fn guesses_are_judged_both_ways() {
        assert!(how_far_off(41_000.0, 40_000.0).contains("within ten percent"));
        assert!(how_far_off(80_000.0, 40_000.0).contains("100% too long"));
        assert_eq!(how_far_off(1.0, f64::NAN), "");
    }

    #[test]
    fn a_program_is_told_which_part_to_shorten() {
        let s = State::default();
        let h = s.headline();
        let text = felt_wait(Consumer::Machine, &h, 60.0, 5.3);
        assert!(text.contains("7 s") && text.contains("decode"), "{text}");
        // A long prompt and a slow prefill: now the prompt is the part to shorten.
        let long = s.with(Param::Prompt, 500_000.0).headline();
        assert!(felt_wait(Consumer::Machine, &long, 60.0, 5.3).contains("prefill"));
        let queued = s.with(Param::Wait, 30.0).headline();
        assert!(felt_wait(Consumer::Machine, &queued, 60.0, 5.3).contains("queue"));
        let reader = felt_wait(Consumer::Reader, &h, 60.0, 5.3);
        assert!(reader.contains("2.02 s") && reader.contains("never waits"), "{reader}");
    }
}
