//! One generation request under the lesson's linear model: a wait, then prefill (reading the
//! prompt), then decode (writing the answer one token at a time).
//!
//! Every input passes through [`super::sanitize`] first, so any `f64` gives finite results.

use super::sanitize;

/// Which phase owns the clock for a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// Reading the prompt takes longer than writing the answer.
    Prefill,
    /// Writing the answer takes longer than reading the prompt.
    Decode,
    /// Both phases cost the same (the request sits exactly on the crossing).
    Balanced,
}

/// The inputs of one request. Rates are in tokens per second and must be positive; the state
/// layer guarantees it, and the methods here stay finite regardless.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Request {
    pub prompt_tokens: f64,
    pub output_tokens: f64,
    pub prefill_tokens_per_sec: f64,
    pub decode_tokens_per_sec: f64,
    /// Queueing, network and fixed overhead paid before the first token.
    pub wait_secs: f64,
}

impl Request {
    /// The lesson's reference case: a summariser reading a 16,000-token document.
    pub const SUMMARISER: Request = Request {
        prompt_tokens: 16_000.0,
        output_tokens: 300.0,
        prefill_tokens_per_sec: 8_000.0,
        decode_tokens_per_sec: 60.0,
        wait_secs: 0.0,
    };

    /// Time to read the whole prompt in one pass.
    pub fn prefill_secs(&self) -> f64 {
        sanitize::tokens(self.prompt_tokens) / sanitize::rate(self.prefill_tokens_per_sec)
    }

    /// Time to write every output token, one forward pass each.
    pub fn decode_secs(&self) -> f64 {
        sanitize::tokens(self.output_tokens) / sanitize::rate(self.decode_tokens_per_sec)
    }

    /// Time for a single decode step.
    pub fn secs_per_output_token(&self) -> f64 {
        1.0 / sanitize::rate(self.decode_tokens_per_sec)
    }

    /// Time to first token: the wait, the whole prompt, and one generated token. An answer of
    /// zero tokens has no first token, so it costs only what it has (this keeps total >= TTFT).
    pub fn ttft_secs(&self) -> f64 {
        let first = sanitize::tokens(self.output_tokens).min(1.0);
        // Divided the same way as `decode_secs`, so an answer under one token ends exactly at
        // its first token rather than a rounding step before it.
        sanitize::secs(self.wait_secs)
            + self.prefill_secs()
            + first / sanitize::rate(self.decode_tokens_per_sec)
    }

    /// Time until the last token has been written.
    pub fn total_secs(&self) -> f64 {
        sanitize::secs(self.wait_secs) + self.prefill_secs() + self.decode_secs()
    }

    /// Share of the total spent on each phase, as fractions of one: (wait, prefill, decode).
    pub fn shares(&self) -> (f64, f64, f64) {
        let total = self.total_secs();
        if total <= 0.0 {
            return (0.0, 0.0, 0.0);
        }
        (
            sanitize::secs(self.wait_secs) / total,
            self.prefill_secs() / total,
            self.decode_secs() / total,
        )
    }

    /// Prompt tokens per output token at which both phases cost the same.
    pub fn crossing_ratio(&self) -> f64 {
        sanitize::rate(self.prefill_tokens_per_sec) / sanitize::rate(self.decode_tokens_per_sec)
    }

    /// The prompt length at which prefill costs as much as decode, for this answer length.
    pub fn crossing_prompt_tokens(&self) -> f64 {
        sanitize::tokens(self.output_tokens) * self.crossing_ratio()
    }

    /// Which phase dominates.
    pub fn bound(&self) -> Bound {
        let (prefill, decode) = (self.prefill_secs(), self.decode_secs());
        if prefill > decode {
            Bound::Prefill
        } else if decode > prefill {
            Bound::Decode
        } else {
            Bound::Balanced
        }
    }

    /// The same request with another prompt length (used for curves over prompt length).
    pub fn with_prompt(self, prompt_tokens: f64) -> Request {
        Request { prompt_tokens, ..self }
    }

    /// Tokens on screen at time `t_secs` when the answer is streamed: nothing before the first
    /// token, then one token per decode step until the answer is complete.
    pub fn streamed_tokens_at(&self, t_secs: f64) -> f64 {
        let output = sanitize::tokens(self.output_tokens);
        let ttft = self.ttft_secs();
        if output == 0.0 || t_secs < ttft {
            return 0.0;
        }
        let after_first = (t_secs - ttft) * sanitize::rate(self.decode_tokens_per_sec);
        (1.0 + after_first).min(output)
    }

    /// Tokens on screen at time `t_secs` without streaming: the whole answer lands at once.
    pub fn unstreamed_tokens_at(&self, t_secs: f64) -> f64 {
        if t_secs >= self.total_secs() {
            sanitize::tokens(self.output_tokens)
        } else {
            0.0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_case_milestones() {
        let r = Request::SUMMARISER;
        assert!((r.prefill_secs() - 2.0).abs() < 1e-12);
        assert!((r.decode_secs() - 5.0).abs() < 1e-12);
        assert!((r.ttft_secs() - (2.0 + 1.0 / 60.0)).abs() < 1e-12);
        assert!((r.total_secs() - 7.0).abs() < 1e-12);
        assert_eq!(r.bound(), Bound::Decode);
        assert!((r.crossing_prompt_tokens() - 40_000.0).abs() < 1e-9);
    }

    #[test]
    fn bad_rates_stay_finite() {
        for rate in [0.0, -1.0, f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            let r = Request {
                prefill_tokens_per_sec: rate,
                decode_tokens_per_sec: rate,
                ..Request::SUMMARISER
            };
            for x in [r.ttft_secs(), r.total_secs(), r.crossing_ratio(), r.crossing_prompt_tokens()]
            {
                assert!(x.is_finite(), "rate {rate} gave {x}");
            }
        }
    }

    #[test]
    fn streamed_arrivals_follow_the_decode_rate() {
        let r = Request::SUMMARISER;
        assert_eq!(r.streamed_tokens_at(1.0), 0.0);
        assert!((r.streamed_tokens_at(r.ttft_secs()) - 1.0).abs() < 1e-12);
        assert!((r.streamed_tokens_at(r.ttft_secs() + 1.0) - 61.0).abs() < 1e-9);
        assert_eq!(r.streamed_tokens_at(100.0), 300.0);
        assert_eq!(r.unstreamed_tokens_at(6.99), 0.0);
        assert_eq!(r.unstreamed_tokens_at(7.0), 300.0);
    }
}
