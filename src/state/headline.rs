//! The numbers the page leads with, under whichever model and TTFT definition the reader chose.

use super::{ModelView, Param, State};
use crate::model::Bound;

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
