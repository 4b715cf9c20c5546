//! Two deployments compared on the whole answer, not only on the first token.
//!
//! Each deployment is reduced to two numbers: its time to first token and its decode rate. The
//! time to finish an answer of `n` tokens is then `TTFT + n / rate`, a straight line in `n`. Two
//! straight lines cross at most once, and that crossing (the crossover length `n*`) splits every
//! answer length into the ones the quick starter wins and the ones the fast writer wins.
//!
//! Everything here is defined for any `f64` a caller passes, including NaN and infinities: inputs
//! are first brought into a range where every result is finite (by [`super::sanitize`], as in
//! every model), so nothing on screen ever reads NaN or inf.

use super::sanitize;
use super::ReadingSpeed;

pub(crate) use super::sanitize::MOST_TOKENS;

/// One of the two deployments being compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Which {
    A,
    B,
}

impl Which {
    pub fn other(self) -> Which {
        match self {
            Which::A => Which::B,
            Which::B => Which::A,
        }
    }

    /// Its place in a pair held A first: 0 for A, 1 for B.
    pub fn index(self) -> usize {
        usize::from(self == Which::B)
    }

    /// The letter shown on the page.
    pub fn label(self) -> &'static str {
        match self {
            Which::A => "A",
            Which::B => "B",
        }
    }
}

/// Who finishes first: one of the two, or both at the same moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Winner {
    A,
    B,
    Tie,
}

impl Winner {
    /// The readout's `data-value`: `A`, `B` or `tie`.
    pub fn data_value(self) -> &'static str {
        match self {
            Winner::A => "A",
            Winner::B => "B",
            Winner::Tie => "tie",
        }
    }

    pub fn which(self) -> Option<Which> {
        match self {
            Winner::A => Some(Which::A),
            Winner::B => Some(Which::B),
            Winner::Tie => None,
        }
    }
}

impl From<Which> for Winner {
    fn from(which: Which) -> Winner {
        match which {
            Which::A => Winner::A,
            Which::B => Winner::B,
        }
    }
}

/// A deployment as the comparison sees it: how long until the first token, then how fast the
/// rest arrives. Everything that happens before the first token (queue, network, prefill) is
/// folded into `ttft_secs`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Deployment {
    pub ttft_secs: f64,
    pub decode_tokens_per_sec: f64,
}

impl Deployment {
    /// The lesson's quick starter: first token early, then a slow stream.
    pub const LESSON_A: Deployment = Deployment { ttft_secs: 0.2, decode_tokens_per_sec: 30.0 };
    /// The lesson's fast writer: a longer wait for the first token, then a fast stream.
    pub const LESSON_B: Deployment = Deployment { ttft_secs: 0.9, decode_tokens_per_sec: 110.0 };

    pub fn new(ttft_secs: f64, decode_tokens_per_sec: f64) -> Deployment {
        Deployment { ttft_secs, decode_tokens_per_sec }
    }

    /// The same deployment with its inputs brought into the finite range every method uses.
    pub fn sanitized(self) -> Deployment {
        Deployment {
            ttft_secs: sanitize::secs(self.ttft_secs),
            decode_tokens_per_sec: sanitize::rate(self.decode_tokens_per_sec),
        }
    }

    /// Time to first token, as the comparison uses it.
    pub fn ttft(&self) -> f64 {
        sanitize::secs(self.ttft_secs)
    }

    /// The slope of the completion line.
    pub fn secs_per_token(&self) -> f64 {
        1.0 / sanitize::rate(self.decode_tokens_per_sec)
    }

    /// Time until the last of `answer_tokens` has arrived: `TTFT + n / rate`. The lesson counts
    /// every answer token at the decode rate on top of the TTFT (its table has 600 tokens on A at
    /// 20.20 s), so the first token is not subtracted here.
    pub fn completion_secs(&self, answer_tokens: f64) -> f64 {
        self.ttft() + sanitize::tokens(answer_tokens) * self.secs_per_token()
    }

    /// The same deployment at another decode rate: the peak-load figure, for instance.
    pub fn with_rate(self, decode_tokens_per_sec: f64) -> Deployment {
        Deployment { decode_tokens_per_sec, ..self }
    }

    /// The same deployment with another time to first token (one derived from a prompt, say).
    pub fn with_ttft(self, ttft_secs: f64) -> Deployment {
        Deployment { ttft_secs, ..self }
    }

    /// Whether the stream arrives faster than the reader gets through it.
    pub fn outruns(&self, reader: ReadingSpeed) -> bool {
        sanitize::rate(self.decode_tokens_per_sec) > reader.tokens_per_sec()
    }
}

/// A time to first token built up from the prompt: retrieved passages make the prompt longer,
/// prefill reads it at its own rate, and a fixed overhead covers queueing, network and
/// scheduling. The overhead also absorbs the first decode step: it is whatever remains of a
/// measured TTFT once prefill is taken out, which is how the lesson splits B's 0.9 s.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PromptTtft {
    pub base_prompt_tokens: f64,
    pub passages: f64,
    pub tokens_per_passage: f64,
    pub prefill_tokens_per_sec: f64,
    pub overhead_secs: f64,
}

impl PromptTtft {
    /// B's prompt in the lesson: 200 tokens of instructions and question, twelve retrieved
    /// passages of 650 tokens, read at 12,000 tok/s, plus 0.23 s of overhead (about 0.9 s).
    pub const LESSON_B: PromptTtft = PromptTtft {
        base_prompt_tokens: 200.0,
        passages: 12.0,
        tokens_per_passage: 650.0,
        prefill_tokens_per_sec: 12_000.0,
        overhead_secs: 0.23,
    };

    pub fn prompt_tokens(&self) -> f64 {
        // Each factor is bounded first so that the sum cannot overflow to inf.
        let passages = sanitize::tokens(self.passages) * sanitize::tokens(self.tokens_per_passage);
        sanitize::tokens(sanitize::tokens(self.base_prompt_tokens) + sanitize::tokens(passages))
    }

    pub fn prefill_secs(&self) -> f64 {
        self.prompt_tokens() / sanitize::rate(self.prefill_tokens_per_sec)
    }

    pub fn ttft_secs(&self) -> f64 {
        sanitize::secs(self.overhead_secs) + self.prefill_secs()
    }

    /// The retrieval lever: the same prompt with another number of passages.
    pub fn with_passages(self, passages: f64) -> PromptTtft {
        PromptTtft { passages, ..self }
    }
}

/// Where the two completion lines meet, said in the type so that "there is none" cannot be
/// mistaken for a number.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Crossover {
    /// The lines cross at `tokens` (positive and finite). `below` (the one with the earlier first
    /// token) finishes first on shorter answers, `above` (the faster writer) on longer ones.
    At { tokens: f64, below: Which, above: Which },
    /// `faster` is no slower to the first token and no slower per token (and the two differ), so
    /// it finishes first at every answer length (ties at most at zero tokens).
    Never { faster: Which },
    /// Same TTFT and same rate: every answer finishes at the same moment on both.
    Identical,
}

impl Crossover {
    /// The crossover length, when there is one.
    pub fn tokens(&self) -> Option<f64> {
        match self {
            Crossover::At { tokens, .. } => Some(*tokens),
            _ => None,
        }
    }
}

/// An advantage of one deployment over the other, in seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Edge {
    pub leader: Which,
    pub secs: f64,
}

impl Edge {
    /// The edge of whichever side needs less time (`a` for A, `b` for B), by how much; `None`
    /// when the two are equal.
    fn between(a: f64, b: f64) -> Option<Edge> {
        if a < b {
            Some(Edge { leader: Which::A, secs: b - a })
        } else if b < a {
            Some(Edge { leader: Which::B, secs: a - b })
        } else {
            None
        }
    }
}

/// How many times faster one deployment is than the other at some milestone.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Speedup {
    /// Both reach the milestone at the same moment.
    Same,
    /// `faster` takes `times` times less time; `times` is finite and above one.
    Times { faster: Which, times: f64 },
    /// `faster` takes no time at all, so no finite ratio exists.
    Unbounded { faster: Which },
}

/// Both deployments' completion times for one race, and who wins it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Race {
    pub a_secs: f64,
    pub b_secs: f64,
    pub winner: Winner,
}

impl Race {
    pub fn secs(&self, which: Which) -> f64 {
        match which {
            Which::A => self.a_secs,
            Which::B => self.b_secs,
        }
    }

    /// How far apart the two finish.
    pub fn gap_secs(&self) -> f64 {
        (self.a_secs - self.b_secs).abs()
    }
}

/// Who reads the answer decides which milestone matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Consumer {
    /// A person in a chat: the empty bubble (first token) and the moment they can reply (last
    /// token) are both felt.
    Reader,
    /// A parser, validator or another model call: nothing is usable before the last token.
    Machine,
}

/// The ranking a consumer experiences at one answer length.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Verdict {
    /// Who shows text first; `None` for a machine, which cannot use a partial answer.
    pub first_text: Option<Winner>,
    /// Who delivers the whole answer first.
    pub finish: Winner,
}

/// Deployment A against deployment B.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Comparison {
    pub a: Deployment,
    pub b: Deployment,
}

impl Comparison {
    /// The lesson's pair: A 0.2 s and 30 tok/s, B 0.9 s and 110 tok/s.
    pub const LESSON: Comparison = Comparison { a: Deployment::LESSON_A, b: Deployment::LESSON_B };

    pub fn new(a: Deployment, b: Deployment) -> Comparison {
        Comparison { a, b }
    }

    pub fn get(&self, which: Which) -> Deployment {
        match which {
            Which::A => self.a,
            Which::B => self.b,
        }
    }

    /// The same pair at other decode rates (their peak-load figures, say); TTFTs unchanged.
    pub fn at_rates(&self, a_tokens_per_sec: f64, b_tokens_per_sec: f64) -> Comparison {
        Comparison { a: self.a.with_rate(a_tokens_per_sec), b: self.b.with_rate(b_tokens_per_sec) }
    }

    /// `n* = (TTFT_B − TTFT_A) / (1/r_A − 1/r_B)`, or why there is none.
    pub fn crossover(&self) -> Crossover {
        // Classified on the sanitised numbers the completion lines use, so the answer agrees
        // with the lines drawn. A crossing needs one deployment strictly ahead at the start and
        // the other strictly faster per token; then both differences share a sign and n* > 0.
        let lead = self.b.ttft() - self.a.ttft();
        let gain = self.a.secs_per_token() - self.b.secs_per_token();
        if lead == 0.0 && gain == 0.0 {
            return Crossover::Identical;
        }
        if lead >= 0.0 && gain <= 0.0 {
            return Crossover::Never { faster: Which::A };
        }
        if lead <= 0.0 && gain >= 0.0 {
            return Crossover::Never { faster: Which::B };
        }
        let (below, above) = if lead > 0.0 { (Which::A, Which::B) } else { (Which::B, Which::A) };
        let tokens = lead / gain;
        // Bounded inputs keep this finite (at most about 1e37); the guard keeps the type's
        // promise even if the bounds change.
        if tokens.is_finite() && tokens > 0.0 {
            Crossover::At { tokens, below, above }
        } else {
            Crossover::Never { faster: below }
        }
    }

    /// The head start of the earlier first token; `None` when both start together.
    pub fn first_token_lead(&self) -> Option<Edge> {
        Edge::between(self.a.ttft(), self.b.ttft())
    }

    /// What the faster writer gains back on every token; `None` when both write equally fast.
    pub fn per_token_gain(&self) -> Option<Edge> {
        Edge::between(self.a.secs_per_token(), self.b.secs_per_token())
    }

    /// Who finishes an answer of `answer_tokens` first. Decided against `n*` itself rather than
    /// by subtracting two rounded completion times, so the winner flips exactly at the crossover
    /// shown on the page and is a tie only there. Lengths are not capped here: this is the
    /// linear model's answer at any length.
    pub fn winner_at(&self, answer_tokens: f64) -> Winner {
        let n = sanitize::amount(answer_tokens, f64::INFINITY);
        match self.crossover() {
            Crossover::Identical => Winner::Tie,
            Crossover::Never { faster } => {
                // Equal TTFTs tie at zero tokens; every longer answer goes to the faster writer.
                if n == 0.0 && self.a.ttft() == self.b.ttft() {
                    Winner::Tie
                } else {
                    faster.into()
                }
            }
            Crossover::At { tokens, below, above } => {
                if n < tokens {
                    below.into()
                } else if n > tokens {
                    above.into()
                } else {
                    Winner::Tie
                }
            }
        }
    }

    /// Both completion times at one answer length, and the winner.
    pub fn race_at(&self, answer_tokens: f64) -> Race {
        Race {
            a_secs: self.a.completion_secs(answer_tokens),
            b_secs: self.b.completion_secs(answer_tokens),
            winner: self.winner_at(answer_tokens),
        }
    }

    /// Each deployment answering at its own length: models differ in how much they say, so the
    /// fair race runs each on its own typical answer to the same prompts.
    pub fn race_with_lengths(&self, a_tokens: f64, b_tokens: f64) -> Race {
        let (a_secs, b_secs) = (self.a.completion_secs(a_tokens), self.b.completion_secs(b_tokens));
        let winner = if a_secs < b_secs {
            Winner::A
        } else if b_secs < a_secs {
            Winner::B
        } else {
            Winner::Tie
        };
        Race { a_secs, b_secs, winner }
    }

    /// "X is k× faster to the first token".
    pub fn first_token_speedup(&self) -> Speedup {
        let (a, b) = (self.a.ttft(), self.b.ttft());
        if a < b {
            speedup(Which::A, a, b)
        } else if b < a {
            speedup(Which::B, b, a)
        } else {
            Speedup::Same
        }
    }

    /// "Y is k× faster to finish" an answer of `answer_tokens`. The faster one is the winner of
    /// [`Comparison::winner_at`], so the two readouts never disagree near the crossover.
    pub fn finish_speedup(&self, answer_tokens: f64) -> Speedup {
        let race = self.race_at(answer_tokens);
        match race.winner.which() {
            None => Speedup::Same,
            Some(faster) => {
                let (quick, slow) = (race.secs(faster), race.secs(faster.other()));
                speedup(faster, quick.min(slow), quick.max(slow))
            }
        }
    }

    /// What a routing mistake costs: how much later an answer of `answer_tokens` finishes on
    /// `which` than on the other deployment (zero when `which` is the right choice).
    pub fn extra_secs_if_sent_to(&self, which: Which, answer_tokens: f64) -> f64 {
        let race = self.race_at(answer_tokens);
        (race.secs(which) - race.secs(which.other())).max(0.0)
    }

    /// Where a length-based router sends answers predicted short and long: the earlier first
    /// token wins short answers, the faster writer long ones. Without a crossover both are the
    /// deployment that always wins (A when the two are identical).
    pub fn short_and_long_sides(&self) -> (Which, Which) {
        match self.crossover() {
            Crossover::At { below, above, .. } => (below, above),
            Crossover::Never { faster } => (faster, faster),
            Crossover::Identical => (Which::A, Which::A),
        }
    }

    /// The milestones `consumer` experiences for an answer of `answer_tokens`.
    pub fn verdict(&self, consumer: Consumer, answer_tokens: f64) -> Verdict {
        let first_text = match consumer {
            Consumer::Machine => None,
            Consumer::Reader => Some(match self.first_token_lead() {
                Some(edge) => edge.leader.into(),
                None => Winner::Tie,
            }),
        };
        Verdict { first_text, finish: self.winner_at(answer_tokens) }
    }
}

fn speedup(faster: Which, quick_secs: f64, slow_secs: f64) -> Speedup {
    if quick_secs <= 0.0 {
        return Speedup::Unbounded { faster };
    }
    let times = slow_secs / quick_secs;
    if times.is_finite() {
        Speedup::Times { faster, times }
    } else {
        Speedup::Unbounded { faster }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lesson_pair_crosses_near_twenty_nine_tokens() {
        let crossover = Comparison::LESSON.crossover();
        let tokens = crossover.tokens().unwrap_or(f64::NAN);
        assert!((tokens - 28.875).abs() < 1e-9, "{crossover:?}");
        assert_eq!(crossover, Crossover::At { tokens, below: Which::A, above: Which::B });
    }

    #[test]
    fn dominance_and_identity_have_no_crossover() {
        let a = Deployment::new(0.2, 120.0);
        assert_eq!(
            Comparison::new(a, Deployment::LESSON_B).crossover(),
            Crossover::Never { faster: Which::A }
        );
        assert_eq!(
            Comparison::new(Deployment::LESSON_B, a).crossover(),
            Crossover::Never { faster: Which::B }
        );
        assert_eq!(Comparison::new(a, a).crossover(), Crossover::Identical);
        // Equal TTFTs: the faster writer wins everything but the empty answer.
        let same_start = Comparison::new(Deployment::new(0.5, 30.0), Deployment::new(0.5, 60.0));
        assert_eq!(same_start.crossover(), Crossover::Never { faster: Which::B });
        assert_eq!(same_start.winner_at(0.0), Winner::Tie);
        assert_eq!(same_start.winner_at(1.0), Winner::B);
        // Parallel lines: the earlier start wins everywhere.
        let parallel = Comparison::new(Deployment::new(0.5, 30.0), Deployment::new(0.2, 30.0));
        assert_eq!(parallel.crossover(), Crossover::Never { faster: Which::B });
        assert_eq!(parallel.winner_at(0.0), Winner::B);
    }

    #[test]
    fn speedups_are_never_infinite() {
        let instant = Comparison::new(Deployment::new(0.0, 30.0), Deployment::LESSON_B);
        assert_eq!(instant.first_token_speedup(), Speedup::Unbounded { faster: Which::A });
        assert_eq!(instant.finish_speedup(0.0), Speedup::Unbounded { faster: Which::A });
        let tiny =
            Comparison::new(Deployment::new(f64::MIN_POSITIVE, 30.0), Deployment::new(1e9, 30.0));
        assert_eq!(tiny.first_token_speedup(), Speedup::Unbounded { faster: Which::A });
        assert_eq!(
            Comparison::new(Deployment::LESSON_A, Deployment::LESSON_A).first_token_speedup(),
            Speedup::Same
        );
    }

    #[test]
    fn bad_numbers_stay_finite() {
        for x in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -1.0, 0.0, f64::MAX] {
            let d = Deployment::new(x, x);
            for n in [x, 600.0] {
                assert!(d.completion_secs(n).is_finite(), "{x} {n}");
            }
            let p = PromptTtft {
                base_prompt_tokens: x,
                passages: x,
                tokens_per_passage: x,
                prefill_tokens_per_sec: x,
                overhead_secs: x,
            };
            assert!(p.ttft_secs().is_finite(), "{x}");
        }
    }
}
