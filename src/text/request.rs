//! Sentences about one request: what each readout means, who owns the clock, what the person or
//! program at the other end waits for, and the predict-then-check challenge's replies.

use crate::format;
use crate::model::deep::TtftDefinition;
use crate::model::deployments::Consumer;
use crate::model::Bound;
use crate::state::{Headline, Param, State};

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
        let request = state.request();
        if !locked {
            ChallengeStage::Guess
        } else if state.get(Param::Output) != CHALLENGE_OUTPUT_TOKENS {
            ChallengeStage::AnswerMoved
        } else if request.bound() == Bound::Prefill {
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

/// The challenge's reply once a guess is locked.
pub fn challenge_feedback(stage: ChallengeStage, guess: f64, state: &State) -> String {
    let r = state.request();
    let crossing = r.crossing_prompt_tokens();
    let reveal = format!(
        "At these rates the two phases cost the same at {}. {}",
        format::tokens(crossing),
        how_far_off(guess, crossing)
    );
    match stage {
        ChallengeStage::Guess => {
            "Lock in a number first; the answer appears once you have committed.".to_string()
        }
        ChallengeStage::NotYet => format!(
            "{reveal} Now drag the prompt and watch the bars: reading takes {}, writing {}, so the prompt still has to grow.",
            format::duration(r.prefill_secs()),
            format::duration(r.decode_secs())
        ),
        ChallengeStage::Passed => format!(
            "{reveal} You are past it: reading the prompt now takes {} against {} of writing.",
            format::duration(r.prefill_secs()),
            format::duration(r.decode_secs())
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
