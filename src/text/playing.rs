//! The words beside a request being played: its clock, and where each answer stands.

use crate::format;
use crate::state::playback::Lane;

/// What the two answers of a playing figure are called: Figure 1's, then Figure 5's.
pub const LANE_NAMES: [[&str; 2]; 2] =
    [["Streamed", "Not streamed"], ["Deployment A", "Deployment B"]];

/// The request's clock against its end: "2.35 s of 9.45 s". Fixed places keep a ticking clock
/// from jumping about; a request lasting a day or more reads in the lesson's days and years,
/// as its readouts do, since millions of seconds mean nothing to a reader.
pub fn clock_text(secs: f64, end_secs: f64) -> String {
    const DAY_SECS: f64 = 86_400.0;
    if end_secs < DAY_SECS {
        format!("{} of {}", format::secs_fixed(secs, 2), format::secs_fixed(end_secs, 2))
    } else {
        format!("{} of {}", format::duration(secs), format::duration(end_secs))
    }
}

/// Where an answer stands at `secs`: empty until its first token, then how much of it is on
/// screen, then when it was whole.
pub fn lane_status(lane: &Lane, secs: f64) -> String {
    let shown = lane.shown_at(secs);
    if shown <= 0.0 {
        format!("empty until {}", format::duration(lane.first_secs))
    } else if shown < lane.tokens {
        format!("{} of {}", format::with_separators(shown, 0), format::tokens(lane.tokens))
    } else {
        format!("whole at {}", format::duration(lane.last_secs))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_is_empty_then_arriving_then_whole() {
        let lane =
            Lane { first_secs: 2.0, last_secs: 7.0, tokens: 300.0, reading_tokens_per_sec: 5.0 };
        assert_eq!(lane_status(&lane, 1.0), "empty until 2 s");
        assert_eq!(lane_status(&lane, 4.5), "150 of 300 tokens");
        assert_eq!(lane_status(&lane, 7.0), "whole at 7 s");
        assert_eq!(clock_text(2.346, 9.45), "2.35 s of 9.45 s");
        assert_eq!(clock_text(3_000.0, 50_000.0), "3,000.00 s of 50,000.00 s");
        assert_eq!(clock_text(43_200.0, 155_398_432.5), "43,200 s of 4.92 years");
        assert_eq!(clock_text(86_400.0 * 3.0, 155_398_432.5), "3 days of 4.92 years");
    }
}
