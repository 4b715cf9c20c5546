//! The numbers the page leads with, under whichever model and TTFT definition the reader chose,
//! and the crossing they imply: every readout, caption and reply that states the crossing reads
//! it from [`State::crossing`], so none of them can follow the straight lines while the rest of
//! the page follows the deeper model.

use super::{ModelView, Param, State};
use crate::model::Bound;

/// Where reading the prompt starts to cost more than writing the answer, under the chosen model.
///
/// It is a property of the rates and the answer, not of one prompt: it leaves the cached prefix
/// out (the straight lines know none, and Figure 2 draws the deeper curves from an empty cache),
/// so the phases here are those of the current prompt read from scratch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Crossing {
    pub model: ModelView,
    /// The prompt length at which both phases cost the same; `None` when prefill never catches
    /// up within the longest prompt the model accepts.
    pub prompt_tokens: Option<f64>,
    pub answer_tokens: f64,
    /// The current prompt, and both phases' times for it on the same footing.
    pub current_prompt_tokens: f64,
    pub prefill_secs: f64,
    pub decode_secs: f64,
}

impl Crossing {
    /// Prompt tokens per answer token at the crossing: on the straight lines the prefill rate
    /// over the decode rate whatever the answer; under the deeper model it shrinks as answers grow.
    pub fn ratio(&self) -> Option<f64> {
        let ratio = self.prompt_tokens? / self.answer_tokens;
        ratio.is_finite().then_some(ratio)
    }

    /// Whether the current prompt is past the crossing (reading costs more than writing).
    pub fn passed(&self) -> bool {
        self.prefill_secs > self.decode_secs
    }
}

/// One request's milestones as the page shows them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Headline {
    /// Everything before prefill: the network's share and then the server queue's.
    pub wait_secs: f64,
    pub network_secs: f64,
    pub queue_secs: f64,
    pub prefill_secs: f64,
    pub decode_secs: f64,
    /// On the chosen clock: the server's leaves out the network, the scheduler's the queue too.
    pub ttft_secs: f64,
    /// Client-observed, whatever the definition: the figures run from the moment of sending.
    pub client_ttft_secs: f64,
    pub total_secs: f64,
}

impl Headline {
    pub fn bound(&self) -> Bound {
        if self.prefill_secs > self.decode_secs {
            Bound::Prefill
        } else if self.decode_secs > self.prefill_secs {
            Bound::Decode
        } else {
            Bound::Balanced
        }
    }

    /// Shares of the total as fractions of one: (wait, prefill, decode).
    pub fn shares(&self) -> (f64, f64, f64) {
        let total = self.wait_secs + self.prefill_secs + self.decode_secs;
        if total > 0.0 {
            (self.wait_secs / total, self.prefill_secs / total, self.decode_secs / total)
        } else {
            (0.0, 0.0, 0.0)
        }
    }
}

impl State {
    /// The crossing the page states, under the chosen model (see [`Crossing`]).
    pub fn crossing(&self) -> Crossing {
        self.crossing_under(self.model)
    }

    /// The same crossing under a given model, for the places that set the two side by side.
    pub fn crossing_under(&self, model: ModelView) -> Crossing {
        let answer_tokens = self.get(Param::Output);
        let current_prompt_tokens = self.get(Param::Prompt);
        let (prompt_tokens, prefill_secs, decode_secs) = match model {
            ModelView::Linear => {
                let r = self.request();
                (Some(r.crossing_prompt_tokens()), r.prefill_secs(), r.decode_secs())
            }
            ModelView::Deep => {
                let d = self.deep_request().with_cached(0.0);
                (d.crossing_prompt_tokens(), d.prefill_secs(), d.decode_secs())
            }
        };
        Crossing {
            model,
            prompt_tokens,
            answer_tokens,
            current_prompt_tokens,
            prefill_secs,
            decode_secs,
        }
    }

    pub fn headline(&self) -> Headline {
        let (wait_secs, prefill_secs, decode_secs, client_ttft_secs, total_secs) = match self.model
        {
            ModelView::Linear => {
                let r = self.request();
                (r.wait_secs, r.prefill_secs(), r.decode_secs(), r.ttft_secs(), r.total_secs())
            }
            ModelView::Deep => {
                let d = self.deep_request();
                (d.base.wait_secs, d.prefill_secs(), d.decode_secs(), d.ttft_secs(), d.total_secs())
            }
        };
        let (network_secs, queue_secs) = (self.get(Param::Network), self.get(Param::Wait));
        let unseen = self.ttft_definition.unseen_secs(network_secs, queue_secs);
        let ttft_secs = (client_ttft_secs - unseen).max(0.0);
        Headline {
            wait_secs,
            network_secs,
            queue_secs,
            prefill_secs,
            decode_secs,
            ttft_secs,
            client_ttft_secs,
            total_secs,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::deep::TtftDefinition;

    #[test]
    fn linear_headline_is_the_lesson() {
        let h = State::default().headline();
        assert_eq!(h.total_secs, 7.0);
        assert!((h.ttft_secs - (2.0 + 1.0 / 60.0)).abs() < 1e-12);
        assert_eq!(h.bound(), Bound::Decode);
    }

    #[test]
    fn the_crossing_follows_the_chosen_model() {
        let linear = State::default().crossing();
        assert_eq!(linear.prompt_tokens, Some(40_000.0));
        assert_eq!(
            linear.ratio().map(|r| crate::model::rounding::round_half_away(r, 1)),
            Some(133.3)
        );
        assert!(!linear.passed());
        let deep = State { model: ModelView::Deep, ..State::default() }.crossing();
        // Prefill (p/r)(1 + p/K) meets decode (n/d)(1 + (p + (n − 1)/2)/C) at the defaults
        // (r 8,000, d 60, n 300, K 60,000, C 120,000) near 32,943 prompt tokens.
        let tokens = deep.prompt_tokens.unwrap_or(f64::NAN);
        assert_eq!(crate::model::rounding::round_half_away(tokens, 0), 32_943.0, "{tokens}");
        let p = tokens;
        let prefill = p / 8_000.0 * (1.0 + p / 60_000.0);
        let decode = 300.0 / 60.0 * (1.0 + (p + 149.5) / 120_000.0);
        assert!((prefill - decode).abs() < 1e-9, "{prefill} {decode}");
        // A cached prefix changes the request, not the crossing.
        let cached =
            State { model: ModelView::Deep, ..State::default() }.with(Param::Cached, 8_000.0);
        assert_eq!(cached.crossing().prompt_tokens, deep.prompt_tokens);
        let past =
            State { model: ModelView::Deep, ..State::default() }.with(Param::Prompt, 33_000.0);
        assert!(past.crossing().passed());
    }

    #[test]
    fn deep_headline_is_slower_and_each_clock_leaves_out_its_part() {
        let s = State { model: ModelView::Deep, ..State::default() }
            .with(Param::Wait, 0.5)
            .with(Param::Network, 0.25);
        let h = s.headline();
        let linear = State { model: ModelView::Linear, ..s }.headline();
        assert!(h.total_secs > linear.total_secs);
        assert!(h.ttft_secs > linear.ttft_secs);
        assert_eq!(h.wait_secs, 0.75);
        let on = |d: TtftDefinition| {
            let mut t = s;
            t.ttft_definition = d;
            t.headline()
        };
        let server = on(TtftDefinition::Server);
        let scheduled = on(TtftDefinition::Scheduled);
        assert!((h.ttft_secs - server.ttft_secs - 0.25).abs() < 1e-12, "the network");
        assert!((server.ttft_secs - scheduled.ttft_secs - 0.5).abs() < 1e-12, "the queue");
        assert_eq!(server.client_ttft_secs, h.client_ttft_secs);
    }
}
