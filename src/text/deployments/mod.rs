//! Sentences and tables of the two-deployments section, as pure functions of the model's
//! numbers; the section's components only place them.

pub mod decision;
pub mod design_doc;
pub mod label;
pub mod load;
pub mod prompt;
pub mod race;
pub mod workload;

use crate::format;
use crate::format::crossover_tokens_text;
use crate::model::deployments::{Comparison, Crossover, Speedup, Winner};
use crate::model::levers::gap_is_felt;
use crate::model::reading::WORDS_PER_TOKEN;

/// The crossover as the readouts write it: its length, or in a few words why there is none.
pub fn crossover_text(c: &Comparison) -> String {
    match c.crossover() {
        Crossover::At { tokens, .. } => crossover_tokens_text(tokens),
        Crossover::Never { faster } => {
            format!("None: {} starts no later and writes no slower", faster.label())
        }
        Crossover::Identical => "None: A and B are identical".to_string(),
    }
}

/// What the crossover means, under its number.
pub fn crossover_note(c: &Comparison) -> String {
    match c.crossover() {
        Crossover::At { tokens, below, above } => format!(
            "about {} words; shorter answers finish first on {}, longer ones on {}",
            format::with_separators(tokens * WORDS_PER_TOKEN, 0),
            below.label(),
            above.label()
        ),
        Crossover::Never { faster } => format!(
            "{} finishes first at every answer length: the lines never meet",
            faster.label()
        ),
        Crossover::Identical => "every answer finishes on both at the same moment".to_string(),
    }
}

/// Seconds to three significant figures, for sums the reader may redo: "0.7 s", "0.0242 s".
pub fn precise_secs(x: f64) -> String {
    if !(x.is_finite() && x > 0.0) || x >= 1.0 {
        return format::duration(x);
    }
    let decimals = (2.0 - x.log10().floor()).clamp(0.0, 12.0) as usize;
    format!("{} s", format::trimmed(x, decimals))
}

/// "an answer of 600 tokens"
pub fn an_answer_of(tokens: f64) -> String {
    format!("an answer of {}", format::tokens(tokens))
}

/// "B finishes first" and the like.
pub fn winner_text(w: Winner) -> String {
    match w {
        Winner::Tie => "A and B finish together".to_string(),
        w => format!("{} finishes first", w.data_value()),
    }
}

/// A ratio readout: the unrounded ratio, when it is finite.
pub fn ratio_value(s: Speedup) -> Option<String> {
    match s {
        Speedup::Same => Some("1".to_string()),
        Speedup::Times { times, .. } => Some(times.to_string()),
        Speedup::Unbounded { .. } => None,
    }
}

pub fn speedup_text(s: Speedup, milestone: &str) -> String {
    match s {
        Speedup::Same => format!("A and B are equally fast {milestone}"),
        Speedup::Times { faster, times } => {
            format!("{} is {}× faster {milestone}", faster.label(), format::trimmed(times, 1))
        }
        Speedup::Unbounded { faster } => {
            format!("{} takes no time at all {milestone}", faster.label())
        }
    }
}

/// ", no difference a person feels" after a time difference under the first response-time limit
/// (a tenth of a second, under which a response reads as instant), and nothing after one a
/// person notices: every verdict that turns on a difference in time says it.
pub fn unless_felt(gap_secs: f64) -> &'static str {
    if gap_is_felt(gap_secs) {
        ""
    } else {
        ", no difference a person feels"
    }
}

/// Seconds to two places, for round figures in a sentence: "0.46 s".
pub fn about_secs(secs: f64) -> String {
    format!("{} s", format::trimmed(secs, 2))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::deployments::Deployment;

    #[test]
    fn the_lessons_pair_crosses_at_twenty_nine_tokens() {
        let c = Comparison::LESSON;
        assert_eq!(crossover_text(&c), "28.9 tokens");
        assert_eq!(
            crossover_note(&c),
            "about 22 words; shorter answers finish first on A, longer ones on B"
        );
    }

    #[test]
    fn pairs_that_never_cross_say_why() {
        let dominant = Comparison::new(Deployment::new(0.2, 110.0), Deployment::LESSON_B);
        assert_eq!(crossover_text(&dominant), "None: A starts no later and writes no slower");
        let same = Comparison::new(Deployment::LESSON_B, Deployment::LESSON_B);
        assert_eq!(crossover_text(&same), "None: A and B are identical");
    }

    #[test]
    fn seconds_keep_three_figures_below_one() {
        assert_eq!(precise_secs(0.7), "0.7 s");
        assert_eq!(precise_secs(1.0 / 30.0 - 1.0 / 110.0), "0.0242 s");
        assert_eq!(about_secs(0.4567), "0.46 s");
        assert!(!precise_secs(f64::NAN).contains("NaN"));
    }

    #[test]
    fn speedups_name_the_faster_side() {
        let c = Comparison::LESSON;
        assert_eq!(
            speedup_text(c.first_token_speedup(), "to the first token"),
            "A is 4.5× faster to the first token"
        );
        assert_eq!(ratio_value(c.first_token_speedup()).as_deref(), Some("4.5"));
        assert_eq!(winner_text(Winner::Tie), "A and B finish together");
    }
}

/// The crossover challenge's reply: nothing about the answer before a guess; after one, the
/// crossover, how far off the guess was, and why it sits there.
pub fn crossover_feedback(now: &Comparison, locked: Option<LockedGuess>) -> String {
    let Some(LockedGuess { tokens: guess, asked }) = locked else {
        return crate::text::veil::BEFORE_A_GUESS.to_string();
    };
    let how_far = |tokens: f64| crate::text::request::how_far_off(guess, tokens);
    if asked == *now {
        return match now.crossover() {
            Crossover::At { tokens, .. } => format!(
                "They finish together at {}. {} A fixed head start against a small gain per token puts it there.",
                where_they_cross(now),
                how_far(tokens),
            ),
            _ => where_they_cross(now),
        };
    }
    // A scenario or a slider changed the pair after the guess: the guess answered the question
    // as it was asked, so it is graded against that pair once, and the new pair is only told.
    let graded = match asked.crossover() {
        Crossover::At { tokens, .. } => format!(
            "{} That was for the pair you predicted, whose crossover was {}.",
            how_far(tokens),
            crossover_tokens_text(tokens)
        ),
        _ => "The pair you predicted for had no crossover.".to_string(),
    };
    let since = match now.crossover() {
        Crossover::At { .. } => format!("they now finish together at {}.", where_they_cross(now)),
        _ => where_they_cross(now),
    };
    format!("{graded} The pair has changed since: {since}")
}

/// A locked guess at the crossover, with the pair it was asked about.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LockedGuess {
    pub tokens: f64,
    pub asked: Comparison,
}

/// Where the pair's lines cross, or why they never do.
fn where_they_cross(c: &Comparison) -> String {
    match c.crossover() {
        Crossover::At { tokens, below, above } => format!(
            "{}: shorter answers finish first on {}, longer ones on {}",
            crossover_tokens_text(tokens),
            below.label(),
            above.label(),
        ),
        Crossover::Never { faster } => format!(
            "With the deployments in the panel there is no crossover: {} starts no later and writes no slower, so it finishes first at every length.",
            faster.label()
        ),
        Crossover::Identical => "A and B are identical in the panel, so they finish together at every length.".to_string(),
    }
}

#[cfg(test)]
mod challenge_tests {
    use super::*;

    #[test]
    fn the_crossover_is_told_only_after_a_guess() {
        let c = Comparison::LESSON;
        assert!(!crossover_feedback(&c, None).contains("28.9"));
        let told = crossover_feedback(&c, Some(LockedGuess { tokens: 100.0, asked: c }));
        assert_eq!(
            told,
            "They finish together at 28.9 tokens: shorter answers finish first on A, longer ones on B. Your guess of 100 tokens was 246% too long. A fixed head start against a small gain per token puts it there."
        );
    }

    #[test]
    fn a_guess_is_graded_once_against_the_pair_it_was_asked_about() {
        // The retrieval preset moves B's first token: the guess still answered the lesson's pair.
        let asked = Comparison::LESSON;
        let now = Comparison::new(asked.a, crate::model::deployments::Deployment::new(0.46, 110.0));
        let told = crossover_feedback(&now, Some(LockedGuess { tokens: 100.0, asked }));
        assert!(told.starts_with("Your guess of 100 tokens was 246% too long. That was for the pair you predicted, whose crossover was 28.9 tokens. The pair has changed since: they now finish together at "), "{told}");
        assert_eq!(told.matches("too long").count(), 1, "{told}");
    }
}
