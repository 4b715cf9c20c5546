//! Playing a request as it happens: what is on screen at each moment of the request's clock, for
//! Figure 1 (the same answer streamed and not streamed) and Figure 5 (A and B writing the race's
//! answer side by side), and how that clock runs against the wall clock. The page only drives
//! the frames and shows what these functions say.

use super::quantity::Quantity;
use super::{Figure, Param, State};

/// One answer as a reader sees it arrive: nothing before `first_secs`, the first token then, the
/// rest at an even pace until the last lands at `last_secs` (an answer that is not streamed has
/// both at the total time, and lands whole).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lane {
    pub first_secs: f64,
    pub last_secs: f64,
    pub tokens: f64,
    pub reading_tokens_per_sec: f64,
}

impl Lane {
    /// Whole tokens on screen at `secs` on the request's clock.
    pub fn shown_at(&self, secs: f64) -> f64 {
        let tokens = whole(self.tokens);
        let started = secs >= self.first_secs;
        if !started || tokens < 1.0 {
            return 0.0;
        }
        let span = self.last_secs - self.first_secs;
        let share = if span > 0.0 { (secs - self.first_secs) / span } else { 1.0 };
        (1.0 + (tokens - 1.0) * share).floor().clamp(1.0, tokens)
    }

    /// How far a reader who starts at the first token has read by `secs`, in tokens: reading
    /// pace, but never past what is on screen. The pace of arrival is even, so a reader who
    /// catches up keeps up from then on and the smaller of the two is exact.
    pub fn read_at(&self, secs: f64) -> f64 {
        let paced = self.reading_tokens_per_sec * (secs - self.first_secs);
        let paced = if paced.is_finite() { paced.max(0.0).floor() } else { 0.0 };
        paced.min(self.shown_at(secs))
    }

    /// When that reader reaches the last token.
    pub fn read_done_secs(&self) -> f64 {
        (self.first_secs + whole(self.tokens) / self.reading_tokens_per_sec).max(self.last_secs)
    }
}

/// A number of tokens as a whole count, zero for anything that is not a positive number.
fn whole(tokens: f64) -> f64 {
    if tokens.is_finite() {
        tokens.max(0.0).floor()
    } else {
        0.0
    }
}

/// Figure 1's time axis ends this far past the last token: room to show the reader still going,
/// without letting a slow reader squeeze the two phases into a sliver.
pub fn timeline_end_secs(total_secs: f64) -> f64 {
    (total_secs * 1.35).max(1e-3)
}

/// The quantities each lane's first and last tokens are, as the page states them elsewhere:
/// Figure 1's streamed answer starts at the first token (on the client's clock, as the figure's
/// axis runs) and both its answers are whole at the total; Figure 5's lanes are A and B.
pub fn lane_milestones(figure: Figure) -> [[Quantity; 2]; 2] {
    match figure {
        Figure::Completion => {
            [[Quantity::ATtft, Quantity::ACompletion], [Quantity::BTtft, Quantity::BCompletion]]
        }
        _ => [[Quantity::TtftClient, Quantity::Total], [Quantity::Total, Quantity::Total]],
    }
}

/// What a figure plays: two answers on one clock, from zero to `end_secs`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Playback {
    pub lanes: [Lane; 2],
    pub end_secs: f64,
}

impl Playback {
    /// The figures that play, and what each plays at these settings: Figure 1 the lesson's
    /// request streamed and not, Figure 5 both deployments at the race's answer length.
    pub fn of(figure: Figure, state: &State) -> Option<Playback> {
        let reading = state.reading().tokens_per_sec();
        let lane = |first_secs, last_secs, tokens| Lane {
            first_secs,
            last_secs,
            tokens,
            reading_tokens_per_sec: reading,
        };
        match figure {
            Figure::Timeline => {
                // The clock starts when the request is sent, as the figure's axis does.
                let h = state.headline();
                let (ttft, total, tokens) =
                    (h.client_ttft_secs, h.total_secs, state.get(Param::Output));
                Some(Playback {
                    lanes: [lane(ttft, total, tokens), lane(total, total, tokens)],
                    end_secs: timeline_end_secs(total),
                })
            }
            Figure::Completion => {
                let (c, tokens) = (state.comparison(), state.get(Param::RaceAnswer));
                let racer = |d: crate::model::deployments::Deployment| {
                    lane(d.ttft(), d.completion_secs(tokens), tokens)
                };
                let (a, b) = (racer(c.a), racer(c.b));
                // A moment past the later finish, so the last token is seen landing.
                let last = a.last_secs.max(b.last_secs);
                Some(Playback { lanes: [a, b], end_secs: last * 1.05 + 0.25 })
            }
            _ => None,
        }
    }

    /// The moments a reader steps through when the page does not animate: the start, each
    /// answer's first token, halfway through it and its last, each reader finishing, and the end.
    pub fn moments(&self) -> Vec<f64> {
        let mut moments = vec![0.0, self.end_secs];
        for lane in &self.lanes {
            moments.extend([
                lane.first_secs,
                (lane.first_secs + lane.last_secs) / 2.0,
                lane.last_secs,
                lane.read_done_secs(),
            ]);
        }
        moments.retain(|m| m.is_finite() && (0.0..=self.end_secs).contains(m));
        moments.sort_unstable_by(f64::total_cmp);
        moments.dedup_by(|a, b| (*a - *b).abs() < 1e-9);
        moments
    }

    /// The moment after `secs`, or the start again after the end.
    pub fn next_moment(&self, secs: f64) -> f64 {
        self.moments().into_iter().find(|m| *m > secs + 1e-9).unwrap_or(0.0)
    }
}

/// Whether `figure` plays a request.
pub fn plays(figure: Figure) -> bool {
    Playback::of(figure, &State::default()).is_some()
}

/// How many seconds of the request pass in a second of the reader's: real time first, faster for
/// requests too long to sit through.
pub const SPEEDS: [f64; 4] = [1.0, 2.0, 5.0, 10.0];

/// A frame longer than this (a busy machine, a tab in the background) moves the clock only this
/// far: playing carries on where the reader left it rather than jumping ahead.
const LONGEST_FRAME_MS: f64 = 100.0;

/// The request's clock after a frame of `frame_ms` at `speed`, held between zero and `end_secs`.
pub fn advance(secs: f64, frame_ms: f64, speed: f64, end_secs: f64) -> f64 {
    let frame = if frame_ms.is_finite() { frame_ms.clamp(0.0, LONGEST_FRAME_MS) } else { 0.0 };
    let speed = if speed.is_finite() && speed > 0.0 { speed } else { 1.0 };
    let next = secs + frame / 1000.0 * speed;
    if next.is_finite() {
        next.clamp(0.0, end_secs.max(0.0))
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summariser() -> Playback {
        Playback::of(Figure::Timeline, &State::default()).unwrap_or_else(|| unreachable!())
    }

    #[test]
    fn the_streamed_answer_starts_at_the_first_token_and_the_other_lands_whole() {
        let [streamed, whole] = summariser().lanes;
        let h = State::default().headline();
        // 2.0167 s to the first token, 7 s to the last, 300 tokens.
        assert_eq!(streamed.shown_at(h.client_ttft_secs - 1e-6), 0.0);
        assert_eq!(streamed.shown_at(h.client_ttft_secs), 1.0);
        assert_eq!(streamed.shown_at(h.total_secs), 300.0);
        assert_eq!(streamed.shown_at(1e9), 300.0);
        let halfway = streamed.shown_at((h.client_ttft_secs + h.total_secs) / 2.0);
        assert!((149.0..=151.0).contains(&halfway), "{halfway}");
        assert_eq!(whole.shown_at(h.total_secs - 1e-6), 0.0);
        assert_eq!(whole.shown_at(h.total_secs), 300.0);
        assert_eq!(summariser().end_secs, timeline_end_secs(7.0));
    }

    #[test]
    fn the_reader_keeps_pace_and_never_reads_past_the_text() {
        let [streamed, whole] = summariser().lanes;
        let ttft = streamed.first_secs;
        // 240 words a minute is 16/3 tokens a second: 16 tokens after 3 s.
        assert_eq!(streamed.read_at(ttft + 3.0), 16.0);
        assert_eq!(whole.read_at(7.0 + 3.0), 16.0);
        assert_eq!(whole.read_at(6.9), 0.0);
        // A stream slower than reading: the reader waits at the end of the text.
        let slow = State::default().with(Param::Decode, 3.0);
        let [slow, _] =
            Playback::of(Figure::Timeline, &slow).map(|p| p.lanes).unwrap_or([streamed; 2]);
        for secs in [slow.first_secs + 1.0, slow.first_secs + 30.0, slow.last_secs] {
            assert!(slow.read_at(secs) <= slow.shown_at(secs));
        }
        assert_eq!(slow.read_at(slow.last_secs), slow.shown_at(slow.last_secs));
        assert_eq!(slow.read_done_secs(), slow.last_secs);
    }

    #[test]
    fn in_the_race_a_starts_first_and_b_finishes_first() {
        let p =
            Playback::of(Figure::Completion, &State::default()).unwrap_or_else(|| unreachable!());
        let [a, b] = p.lanes;
        assert_eq!((a.first_secs, b.first_secs), (0.2, 0.9));
        assert!((a.last_secs - 20.2).abs() < 1e-9 && (b.last_secs - 6.354_545).abs() < 1e-6);
        assert!(a.shown_at(0.5) > 0.0 && b.shown_at(0.5) == 0.0, "A has started, B has not");
        assert!(b.shown_at(7.0) == 600.0 && a.shown_at(7.0) < 600.0, "B is done, A is not");
        assert!(p.end_secs > a.last_secs);
        assert_eq!(Playback::of(Figure::Crossing, &State::default()), None);
    }

    #[test]
    fn moments_run_from_the_start_to_the_end_in_order() {
        let p = summariser();
        let moments = p.moments();
        assert_eq!(moments.first(), Some(&0.0));
        assert_eq!(moments.last(), Some(&p.end_secs));
        assert!(moments.windows(2).all(|w| w[0] < w[1]), "{moments:?}");
        let ttft = p.lanes[0].first_secs;
        assert!(moments.contains(&ttft) && moments.contains(&7.0), "{moments:?}");
        assert_eq!(p.next_moment(0.0), ttft);
        assert_eq!(p.next_moment(p.end_secs), 0.0, "after the end, the start again");
    }

    #[test]
    fn the_clock_runs_at_its_speed_and_stops_at_the_end() {
        assert!((advance(1.0, 16.0, 1.0, 10.0) - 1.016).abs() < 1e-12);
        assert!((advance(1.0, 16.0, 10.0, 10.0) - 1.16).abs() < 1e-12);
        assert_eq!(advance(9.99, 50.0, 1.0, 10.0), 10.0);
        // A background tab's long frame moves it no more than a short one would.
        assert_eq!(advance(0.0, 60_000.0, 1.0, 100.0), 0.1);
        for bad in [f64::NAN, f64::INFINITY, -5.0] {
            let secs = advance(1.0, bad, bad, 10.0);
            assert!(secs.is_finite() && (0.0..=10.0).contains(&secs), "{bad}: {secs}");
        }
    }

    #[test]
    fn odd_lanes_show_nothing_rather_than_fail() {
        let odd = Lane {
            first_secs: f64::NAN,
            last_secs: 1.0,
            tokens: f64::INFINITY,
            reading_tokens_per_sec: 5.0,
        };
        assert_eq!(odd.shown_at(2.0), 0.0);
        assert_eq!(odd.read_at(2.0), 0.0);
        let empty = Lane { tokens: 0.0, first_secs: 0.0, ..odd };
        assert_eq!(empty.shown_at(2.0), 0.0);
    }
}
