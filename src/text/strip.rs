//! The one line each lab's panel keeps on a phone's screen while it is folded away: the numbers
//! its figures are drawn from, so the reader sees what the hidden controls are set to.

use crate::format;
use crate::state::{ModelView, Param, State};

/// Which lab's panel the line is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lab {
    OneRequest,
    Hardware,
    Deployments,
    Deeper,
}

/// The folded panel's line for `lab` at `state`.
pub fn folded_line(lab: Lab, state: &State) -> String {
    match lab {
        Lab::OneRequest => {
            let h = state.headline();
            format!(
                "TTFT {} · total {} · {} in, {} out",
                format::duration(h.ttft_secs),
                format::duration(h.total_secs),
                format::short_count(state.get(Param::Prompt), 0),
                format::short_count(state.get(Param::Output), 0),
            )
        }
        Lab::Hardware => {
            let s = state.serving();
            format!(
                "prefill {} · decode {}",
                format::rate(s.prefill_tokens_per_sec()),
                format::rate(s.decode_tokens_per_sec()),
            )
        }
        Lab::Deployments => {
            let c = state.comparison();
            format!(
                "A {} + {} · B {} + {}",
                format::duration(c.a.ttft()),
                format::rate(1.0 / c.a.secs_per_token()),
                format::duration(c.b.ttft()),
                format::rate(1.0 / c.b.secs_per_token()),
            )
        }
        Lab::Deeper => format!(
            "{} · attention knee {}",
            match state.model {
                ModelView::Linear => "page on the straight lines",
                ModelView::Deep => "page on the deeper model",
            },
            format::short_count(state.get(Param::AttentionKnee), 0),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_line_reads_the_numbers_of_its_lab() {
        let s = State::default();
        assert_eq!(folded_line(Lab::OneRequest, &s), "TTFT 2.02 s · total 7 s · 16k in, 300 out");
        assert_eq!(folded_line(Lab::Deployments, &s), "A 200 ms + 30 tok/s · B 900 ms + 110 tok/s");
        assert!(folded_line(Lab::Hardware, &s).starts_with("prefill "));
        assert!(folded_line(Lab::Deeper, &s).ends_with("60k"));
    }
}
