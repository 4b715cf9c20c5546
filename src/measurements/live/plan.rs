//! The experiment: which prompt and answer lengths each server is sent, how often, and in what
//! order.
//!
//! A prefill rate is the slope of the first token's time against the prompt's length, so the
//! prompts span at least ten times from shortest to longest; a decode rate comes from each
//! answer's own tokens after the first, and two answer lengths show whether it holds as the
//! answer grows. Requests go one at a time (nothing queues behind another), A and B by turns
//! in a shuffled order of the lengths, so a server warming up or a machine growing busy during
//! the run falls on both sides alike rather than on the lengths sent last.

use crate::measurements::fit::bootstrap::SplitMix64;

crate::keyed::keyed! {
    names(BOTH, key, from_key);
    /// One of the two servers, named in the file by its key (`a`, `b`).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Side {
        A => "a",
        B => "b",
    }
}

impl Side {
    pub const fn letter(self) -> &'static str {
        match self {
            Side::A => "A",
            Side::B => "B",
        }
    }

    pub const fn index(self) -> usize {
        match self {
            Side::A => 0,
            Side::B => 1,
        }
    }

    /// This side's one of a pair held A's first.
    pub fn of<T>(self, pair: &[T; 2]) -> &T {
        let [a, b] = pair;
        match self {
            Side::A => a,
            Side::B => b,
        }
    }

    pub fn of_mut<T>(self, pair: &mut [T; 2]) -> &mut T {
        let [a, b] = pair;
        match self {
            Side::A => a,
            Side::B => b,
        }
    }
}

/// The least a plan may ask, so that both rates can be told apart from the fixed time.
pub const LEAST_PROMPT_LENGTHS: usize = 3;
pub const LEAST_PROMPT_SPAN: f64 = 10.0;
pub const LEAST_ANSWER_LENGTHS: usize = 2;
/// The bounds of one length (tokens): an answer needs two tokens for a time per token; past
/// these, one request on a slow server would take hours.
pub const PROMPT_TOKENS_RANGE: (u32, u32) = (8, 32_000);
pub const ANSWER_TOKENS_RANGE: (u32, u32) = (2, 4_000);
pub const REPEATS_RANGE: (u32, u32) = (1, 20);
pub const TIME_LIMIT_SECS_RANGE: (u32, u32) = (1, 600);
/// The most requests one plan sends to each server.
pub const MOST_REQUESTS_PER_SIDE: usize = 400;

/// What the reviewer plans to send each server.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// Prompt lengths to ask for, in tokens, ascending and distinct.
    pub prompt_tokens: Vec<u32>,
    /// Answer lengths to ask for, in tokens, ascending and distinct.
    pub answer_tokens: Vec<u32>,
    /// How many times each pair of lengths is sent to each server.
    pub repeats: u32,
    /// A request not finished by then is stopped and counted as failed.
    pub time_limit_secs: f64,
}

impl Default for Plan {
    /// Prompts of 64, 256 and 1,024 tokens (a 16× span, so the slope is far larger than the
    /// noise of one first token), answers of 16 and 128, each twice: 12 requests a server.
    fn default() -> Plan {
        Plan {
            prompt_tokens: vec![64, 256, 1_024],
            answer_tokens: vec![16, 128],
            repeats: 2,
            time_limit_secs: 120.0,
        }
    }
}

/// Why a plan cannot be run as typed.
#[derive(Clone, Debug, PartialEq)]
pub enum PlanProblem {
    /// A length list that is not numbers.
    Unreadable {
        what: &'static str,
        text: String,
    },
    TooFewPrompts {
        found: usize,
    },
    TooNarrow {
        shortest: u32,
        longest: u32,
    },
    TooFewAnswers {
        found: usize,
    },
    TooMany {
        per_side: usize,
    },
}

impl std::fmt::Display for PlanProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlanProblem::Unreadable { what, text } => write!(
                f,
                "The {what} could not be read from \u{201c}{text}\u{201d}: write whole numbers \
                 of tokens separated by commas, for example 64, 256, 1024."
            ),
            PlanProblem::TooFewPrompts { found } => write!(
                f,
                "A prefill rate needs at least {LEAST_PROMPT_LENGTHS} prompt lengths (the plan \
                 has {found}): the rate is the slope of the first token's time against length."
            ),
            PlanProblem::TooNarrow { shortest, longest } => write!(
                f,
                "The prompts span only {shortest} to {longest} tokens: make the longest at \
                 least {LEAST_PROMPT_SPAN} times the shortest, or the slope drowns in the noise \
                 of the fixed time."
            ),
            PlanProblem::TooFewAnswers { found } => write!(
                f,
                "The plan needs at least {LEAST_ANSWER_LENGTHS} answer lengths (it has \
                 {found}), to show whether the decode rate holds as the answer grows."
            ),
            PlanProblem::TooMany { per_side } => write!(
                f,
                "That is {per_side} requests a server; the page sends at most \
                 {MOST_REQUESTS_PER_SIDE}. Use fewer lengths or repeats."
            ),
        }
    }
}

/// Reads a list of lengths typed as `64, 256, 1024` (spaces, commas or semicolons between),
/// each clamped into `range`, sorted and without repeats.
pub fn lengths(text: &str, what: &'static str, range: (u32, u32)) -> Result<Vec<u32>, PlanProblem> {
    let unreadable = || PlanProblem::Unreadable { what, text: text.chars().take(60).collect() };
    let mut out = Vec::new();
    for item in text.split([',', ';', ' ', '\t', '\n']).filter(|s| !s.is_empty()) {
        let n = crate::state::number::parse_f64(&item.replace('_', ""))
            .filter(|n| n.is_finite() && *n > 0.0)
            .ok_or_else(unreadable)?;
        out.push((n.round().min(f64::from(range.1)) as u32).max(range.0));
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

impl Plan {
    /// The plan as typed, or what is wrong with it. Repeats and the time limit are clamped into
    /// their ranges by the controls that set them.
    pub fn checked(self) -> Result<Plan, PlanProblem> {
        let prompts = &self.prompt_tokens;
        let (Some(&shortest), Some(&longest), true) =
            (prompts.first(), prompts.last(), prompts.len() >= LEAST_PROMPT_LENGTHS)
        else {
            return Err(PlanProblem::TooFewPrompts { found: prompts.len() });
        };
        if f64::from(longest) < LEAST_PROMPT_SPAN * f64::from(shortest) {
            return Err(PlanProblem::TooNarrow { shortest, longest });
        }
        if self.answer_tokens.len() < LEAST_ANSWER_LENGTHS {
            return Err(PlanProblem::TooFewAnswers { found: self.answer_tokens.len() });
        }
        if self.requests_per_side() > MOST_REQUESTS_PER_SIDE {
            return Err(PlanProblem::TooMany { per_side: self.requests_per_side() });
        }
        Ok(self)
    }

    pub fn requests_per_side(&self) -> usize {
        self.prompt_tokens.len() * self.answer_tokens.len() * self.repeats as usize
    }

    /// Every request to send, in order: the pairs of lengths in an order shuffled by `seed`,
    /// each sent to both servers in turn, the first of each turn alternating between A and B.
    pub fn order(&self, seed: u64) -> Vec<Planned> {
        let mut pairs: Vec<(u32, u32)> = (0..self.repeats)
            .flat_map(|_| {
                self.prompt_tokens
                    .iter()
                    .flat_map(|&p| self.answer_tokens.iter().map(move |&a| (p, a)))
            })
            .collect();
        let mut rng = SplitMix64::new(seed);
        // Fisher–Yates.
        for i in (1..pairs.len()).rev() {
            pairs.swap(i, rng.below(i + 1));
        }
        pairs
            .into_iter()
            .enumerate()
            .flat_map(|(turn, (prompt_tokens, answer_tokens))| {
                let first = if turn % 2 == 0 { [Side::A, Side::B] } else { [Side::B, Side::A] };
                first.map(|side| Planned { side, prompt_tokens, answer_tokens })
            })
            .collect()
    }

    /// Tokens the plan asks of each server: prompts read and answers written.
    pub fn tokens_per_side(&self) -> (u64, u64) {
        let per_pair = u64::from(self.repeats);
        let read: u64 = self.prompt_tokens.iter().map(|&p| u64::from(p)).sum::<u64>()
            * self.answer_tokens.len() as u64
            * per_pair;
        let written: u64 = self.answer_tokens.iter().map(|&a| u64::from(a)).sum::<u64>()
            * self.prompt_tokens.len() as u64
            * per_pair;
        (read, written)
    }

    /// The seconds the plan takes on a server that reads `prefill` and writes `decode` tokens a
    /// second after `fixed_secs` per request.
    pub fn expected_secs(&self, rates: Rates) -> f64 {
        let (read, written) = self.tokens_per_side();
        self.requests_per_side() as f64 * rates.fixed_secs
            + read as f64 / rates.prefill_tokens_per_sec
            + written as f64 / rates.decode_tokens_per_sec
    }
}

/// A server's rates as far as they are known, for the time a plan takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rates {
    pub fixed_secs: f64,
    pub prefill_tokens_per_sec: f64,
    pub decode_tokens_per_sec: f64,
}

impl Rates {
    /// What the plan's expected time assumes before anything is measured: a small server on a
    /// CPU (500 tokens a second read, 50 written). A GPU server is far quicker.
    pub const ASSUMED: Rates =
        Rates { fixed_secs: 0.05, prefill_tokens_per_sec: 500.0, decode_tokens_per_sec: 50.0 };
}

/// One request of the plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Planned {
    pub side: Side,
    pub prompt_tokens: u32,
    pub answer_tokens: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_plan_is_valid_and_sends_each_pair_to_both_sides_in_turn() {
        let plan = Plan::default().checked().unwrap();
        let order = plan.order(7);
        assert_eq!(order.len(), 2 * plan.requests_per_side());
        assert_eq!(plan.requests_per_side(), 12);
        for (turn, two) in order.chunks(2).enumerate() {
            assert_ne!(two[0].side, two[1].side);
            assert_eq!(two[0].side, if turn % 2 == 0 { Side::A } else { Side::B });
            assert_eq!(
                (two[0].prompt_tokens, two[0].answer_tokens),
                (two[1].prompt_tokens, two[1].answer_tokens)
            );
        }
        for side in Side::BOTH {
            let mut pairs: Vec<_> = order
                .iter()
                .filter(|p| p.side == side)
                .map(|p| (p.prompt_tokens, p.answer_tokens))
                .collect();
            pairs.sort_unstable();
            let mut expected: Vec<_> =
                [64, 256, 1024].iter().flat_map(|&p| [16, 16, 128, 128].map(|a| (p, a))).collect();
            expected.sort_unstable();
            assert_eq!(pairs, expected);
        }
        // Shuffled: another seed gives another order, the same seed the same.
        assert_eq!(order, plan.order(7));
        assert_ne!(order, plan.order(8));
    }

    #[test]
    fn a_plan_that_cannot_identify_the_rates_says_why() {
        let with = |prompts: &[u32], answers: &[u32]| Plan {
            prompt_tokens: prompts.to_vec(),
            answer_tokens: answers.to_vec(),
            ..Plan::default()
        };
        assert_eq!(
            with(&[64, 1024], &[16, 128]).checked(),
            Err(PlanProblem::TooFewPrompts { found: 2 })
        );
        assert_eq!(
            with(&[100, 200, 900], &[16, 128]).checked(),
            Err(PlanProblem::TooNarrow { shortest: 100, longest: 900 })
        );
        assert_eq!(
            with(&[64, 256, 1024], &[16]).checked(),
            Err(PlanProblem::TooFewAnswers { found: 1 })
        );
        let big = Plan { repeats: 20, ..with(&[10, 20, 40, 80, 160], &[2, 4, 8, 16, 32]) };
        assert_eq!(big.checked(), Err(PlanProblem::TooMany { per_side: 500 }));
        for problem in
            [PlanProblem::TooFewPrompts { found: 2 }, PlanProblem::TooMany { per_side: 500 }]
        {
            assert!(problem.to_string().ends_with('.'));
        }
    }

    #[test]
    fn typed_lengths_are_read_sorted_clamped_and_refused_when_not_numbers() {
        assert_eq!(
            lengths("1024, 64 256;64", "prompt lengths", PROMPT_TOKENS_RANGE),
            Ok(vec![64, 256, 1024])
        );
        assert_eq!(lengths("1, 99999", "prompt lengths", PROMPT_TOKENS_RANGE), Ok(vec![8, 32_000]));
        assert!(matches!(
            lengths("64, lots", "prompt lengths", PROMPT_TOKENS_RANGE),
            Err(PlanProblem::Unreadable { .. })
        ));
        assert!(lengths("NaN", "answer lengths", ANSWER_TOKENS_RANGE).is_err());
        assert!(lengths("-5", "answer lengths", ANSWER_TOKENS_RANGE).is_err());
    }

    #[test]
    fn the_expected_time_adds_each_requests_fixed_time_reading_and_writing() {
        let plan = Plan::default();
        // Reads (64+256+1024)×2×2 = 5,376 tokens and writes (16+128)×3×2 = 864 a server.
        assert_eq!(plan.tokens_per_side(), (5_376, 864));
        let secs = plan.expected_secs(Rates {
            fixed_secs: 0.5,
            prefill_tokens_per_sec: 100.0,
            decode_tokens_per_sec: 10.0,
        });
        assert!((secs - (6.0 + 53.76 + 86.4)).abs() < 1e-9);
    }
}
