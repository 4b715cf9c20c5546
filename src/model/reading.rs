//! How fast a person reads, in the units the streaming figures need.

use super::sanitize::{self, LONGEST_SECS};

/// Words per token for ordinary English prose (four tokens for every three words).
pub const WORDS_PER_TOKEN: f64 = 0.75;

/// The lesson's round figure for silent reading of ordinary prose.
pub const DEFAULT_WORDS_PER_MIN: f64 = 240.0;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReadingSpeed {
    pub words_per_min: f64,
}

impl Default for ReadingSpeed {
    fn default() -> Self {
        ReadingSpeed { words_per_min: DEFAULT_WORDS_PER_MIN }
    }
}

/// Reading speeds are held in this range; times and token counts go through `sanitize` like
/// every model's, so every result is a finite number for any `f64`.
const SLOWEST_WORDS_PER_MIN: f64 = 1e-3;
const FASTEST_WORDS_PER_MIN: f64 = 1e9;

/// A moment on the clock, which may lie before the first token: NaN counts as zero.
fn moment(secs: f64) -> f64 {
    if secs.is_nan() {
        0.0
    } else {
        secs.clamp(-LONGEST_SECS, LONGEST_SECS)
    }
}

impl ReadingSpeed {
    /// Tokens a reader gets through per second (240 words/min is about 5.3 tok/s).
    pub fn tokens_per_sec(&self) -> f64 {
        let wpm = if self.words_per_min.is_finite() && self.words_per_min > 0.0 {
            self.words_per_min
        } else {
            DEFAULT_WORDS_PER_MIN
        };
        wpm.clamp(SLOWEST_WORDS_PER_MIN, FASTEST_WORDS_PER_MIN) / 60.0 / WORDS_PER_TOKEN
    }

    /// Tokens read by time `t_secs` if the reader starts at the first token and never runs out of
    /// text: the reading-speed line of the figures.
    pub fn tokens_read_at(&self, t_secs: f64, ttft_secs: f64) -> f64 {
        let elapsed = moment(t_secs) - moment(ttft_secs);
        sanitize::tokens(self.tokens_per_sec() * elapsed)
    }

    /// When a reader following a stream finishes: reading pace or the stream itself, whichever is
    /// slower, sets the end.
    pub fn streamed_done_secs(&self, ttft_secs: f64, total_secs: f64, output_tokens: f64) -> f64 {
        (sanitize::secs(ttft_secs) + sanitize::tokens(output_tokens) / self.tokens_per_sec())
            .max(sanitize::secs(total_secs))
    }

    /// When a reader of an unstreamed answer finishes: nothing to read until it all lands.
    pub fn unstreamed_done_secs(&self, total_secs: f64, output_tokens: f64) -> f64 {
        sanitize::secs(total_secs) + sanitize::tokens(output_tokens) / self.tokens_per_sec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_reader_is_about_five_point_three_tokens_per_sec() {
        let r = ReadingSpeed::default();
        assert!((r.tokens_per_sec() - 16.0 / 3.0).abs() < 1e-12);
        assert_eq!(crate::model::rounding::round_half_away(r.tokens_per_sec(), 1), 5.3);
    }
}
