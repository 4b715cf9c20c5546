//! One request's clock, read as the serving benchmarks read it (LLMPerf, GuideLLM, AIPerf): it
//! starts just before the request is sent; the first token is the first event carrying answer
//! text (a chunk holding only the role does not count); the decode rate is the tokens after the
//! first over the time from the first text to the last, since one event may carry several
//! tokens (speculative decoding, a server's stream interval). Token counts are the server's
//! own (`usage`), never the plan's.

use super::failure::Failure;
use super::plan::Planned;
use super::stream::{Event, ServerRates};

/// The most bytes of one answer the page reads: a planned answer of 4,000 tokens streams well
/// under 2 MB.
pub const MOST_STREAM_BYTES: usize = 8 * 1024 * 1024;

/// How the reading of a stream ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The stream closed.
    Closed,
    /// Reading failed partway (the connection dropped).
    Broken,
    /// The plan's time limit passed.
    TimedOut,
}

/// Times and counts heard so far, in milliseconds of the page's clock.
#[derive(Clone, Debug)]
pub struct Stopwatch {
    sent_ms: f64,
    first_content_ms: Option<f64>,
    last_content_ms: Option<f64>,
    content_events: usize,
    usage: Option<super::stream::Usage>,
    server_rates: Option<ServerRates>,
    error: Option<String>,
    done: bool,
    bytes: usize,
}

impl Stopwatch {
    /// Started at `sent_ms`, just before the request goes.
    pub fn start(sent_ms: f64) -> Stopwatch {
        Stopwatch {
            sent_ms,
            first_content_ms: None,
            last_content_ms: None,
            content_events: 0,
            usage: None,
            server_rates: None,
            error: None,
            done: false,
            bytes: 0,
        }
    }

    /// `bytes` more arrived at `now_ms`, completing `events`. Returns false once the stream is
    /// past [`MOST_STREAM_BYTES`], and the page stops reading.
    pub fn heard(&mut self, bytes: usize, events: &[Event], now_ms: f64) -> bool {
        self.bytes = self.bytes.saturating_add(bytes);
        for event in events {
            match event {
                Event::Done => self.done = true,
                Event::Unreadable => {}
                Event::Chunk(chunk) => {
                    if chunk.content_chars > 0 {
                        self.first_content_ms.get_or_insert(now_ms);
                        self.last_content_ms = Some(now_ms);
                        self.content_events += 1;
                    }
                    if chunk.usage.is_some() {
                        self.usage = chunk.usage;
                    }
                    if chunk.server_rates.is_some() {
                        self.server_rates = chunk.server_rates;
                    }
                    if let Some(error) = &chunk.error {
                        self.error.get_or_insert_with(|| error.clone());
                    }
                }
            }
        }
        self.bytes <= MOST_STREAM_BYTES
    }

    /// What the request gave, its reading having ended as `ending` at `now_ms`.
    pub fn finish(self, planned: Planned, ending: Ending, now_ms: f64, limit_secs: f64) -> Timed {
        let secs = |ms: f64| ((ms - self.sent_ms) / 1_000.0).max(0.0);
        let failure = if self.bytes > MOST_STREAM_BYTES {
            Some(Failure::TooLarge { bytes: MOST_STREAM_BYTES })
        } else if ending == Ending::TimedOut {
            Some(Failure::TimedOut { limit_secs })
        } else if let Some(message) = &self.error {
            Some(Failure::InStream { message: message.clone() })
        } else if ending == Ending::Broken || (!self.done && self.usage.is_none()) {
            // Closed with neither the end marker nor the counts: cut off.
            Some(Failure::Cut)
        } else if self.first_content_ms.is_none() {
            Some(Failure::NoContent)
        } else {
            match self.usage {
                None => Some(Failure::NoUsage),
                Some(u) if u.completion_tokens < 2.0 => {
                    Some(Failure::TooShort { tokens: u.completion_tokens })
                }
                Some(_) => None,
            }
        };
        Timed {
            planned,
            prompt_tokens: self.usage.map(|u| u.prompt_tokens),
            answer_tokens: self.usage.map(|u| u.completion_tokens),
            ttft_secs: self.first_content_ms.map(secs),
            last_content_secs: self.last_content_ms.map(secs),
            end_secs: secs(now_ms),
            content_events: self.content_events,
            server_rates: self.server_rates,
            failure,
        }
    }
}

/// One request as it was timed.
#[derive(Clone, Debug, PartialEq)]
pub struct Timed {
    pub planned: Planned,
    /// As the server counted them (`usage`); `None` where it did not say.
    pub prompt_tokens: Option<f64>,
    pub answer_tokens: Option<f64>,
    /// From sending to the first answer text.
    pub ttft_secs: Option<f64>,
    /// From sending to the last answer text: the end of the answer as a reader sees it.
    pub last_content_secs: Option<f64>,
    /// From sending to the end of the stream (the counts come after the last text).
    pub end_secs: f64,
    /// Events that carried text; fewer than the tokens where events carry several.
    pub content_events: usize,
    pub server_rates: Option<ServerRates>,
    pub failure: Option<Failure>,
}

impl Timed {
    /// A request that failed before any stream: `failure` at `end_secs`.
    pub fn failed(planned: Planned, failure: Failure, end_secs: f64) -> Timed {
        Timed {
            planned,
            prompt_tokens: None,
            answer_tokens: None,
            ttft_secs: None,
            last_content_secs: None,
            end_secs,
            content_events: 0,
            server_rates: None,
            failure: Some(failure),
        }
    }

    /// Tokens after the first over the time from the first text to the last.
    pub fn decode_tokens_per_sec(&self) -> Option<f64> {
        let tokens = self.answer_tokens? - 1.0;
        let secs = self.last_content_secs? - self.ttft_secs?;
        (self.failure.is_none() && tokens >= 1.0 && secs > 0.0).then(|| tokens / secs)
    }

    /// How the answer's length differs from the plan's: fewer (the server stopped early) or
    /// more (it ignored the limit); the fit uses the server's count either way.
    pub fn length_kept(&self) -> LengthKept {
        match self.answer_tokens {
            Some(n) if n < f64::from(self.planned.answer_tokens) => LengthKept::Shorter,
            Some(n) if n > f64::from(self.planned.answer_tokens) => LengthKept::Longer,
            _ => LengthKept::AsPlanned,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LengthKept {
    AsPlanned,
    Shorter,
    Longer,
}

#[cfg(test)]
mod tests {
    use super::super::plan::Side;
    use super::super::stream::{Chunk, Usage};
    use super::*;

    const PLANNED: Planned = Planned { side: Side::A, prompt_tokens: 256, answer_tokens: 16 };

    fn text(chars: usize) -> Event {
        Event::Chunk(Chunk { content_chars: chars, ..Chunk::default() })
    }

    fn usage(prompt: f64, completion: f64) -> Event {
        Event::Chunk(Chunk {
            usage: Some(Usage { prompt_tokens: prompt, completion_tokens: completion }),
            ..Chunk::default()
        })
    }

    #[test]
    fn the_first_token_is_the_first_text_and_decode_counts_tokens_not_events() {
        let mut watch = Stopwatch::start(1_000.0);
        assert!(watch.heard(40, &[text(0)], 1_100.0)); // the role alone
        watch.heard(40, &[text(5)], 1_530.0);
        // Two events at once, the second carrying several tokens.
        watch.heard(80, &[text(3), text(12)], 1_800.0);
        watch.heard(60, &[text(4), usage(257.0, 16.0), Event::Done], 1_830.0);
        let timed = watch.finish(PLANNED, Ending::Closed, 1_900.0, 60.0);
        assert_eq!(timed.failure, None);
        assert_eq!(timed.ttft_secs, Some(0.53));
        assert_eq!(timed.last_content_secs, Some(0.83));
        assert_eq!(timed.end_secs, 0.9);
        assert_eq!(timed.content_events, 4);
        assert_eq!(timed.prompt_tokens, Some(257.0));
        // 15 tokens after the first over 0.3 s.
        assert!((timed.decode_tokens_per_sec().unwrap() - 50.0).abs() < 1e-9);
        assert_eq!(timed.length_kept(), LengthKept::AsPlanned);
    }

    #[test]
    fn each_way_a_stream_goes_wrong_is_named() {
        let finish = |events: &[Event], ending| {
            let mut watch = Stopwatch::start(0.0);
            watch.heard(10, events, 100.0);
            watch.finish(PLANNED, ending, 200.0, 60.0).failure.map(|f| f.id())
        };
        assert_eq!(finish(&[text(3)], Ending::Closed), Some("cut"));
        assert_eq!(finish(&[text(3), usage(9.0, 5.0)], Ending::Broken), Some("cut"));
        assert_eq!(finish(&[text(3)], Ending::TimedOut), Some("timed-out"));
        assert_eq!(finish(&[usage(9.0, 5.0), Event::Done], Ending::Closed), Some("no-content"));
        assert_eq!(finish(&[text(3), Event::Done], Ending::Closed), Some("no-usage"));
        assert_eq!(
            finish(&[text(3), usage(9.0, 1.0), Event::Done], Ending::Closed),
            Some("too-short")
        );
        let error = Event::Chunk(Chunk { error: Some("boom".into()), ..Chunk::default() });
        assert_eq!(finish(&[text(3), error], Ending::Closed), Some("in-stream"));
        let mut watch = Stopwatch::start(0.0);
        assert!(!watch.heard(MOST_STREAM_BYTES + 1, &[text(3)], 1.0));
        assert_eq!(
            watch.finish(PLANNED, Ending::Closed, 2.0, 60.0).failure.map(|f| f.id()),
            Some("too-large")
        );
        // Stopped early, or past the limit: used, and said.
        let mut watch = Stopwatch::start(0.0);
        watch.heard(10, &[text(3), text(3), usage(9.0, 9.0), Event::Done], 5.0);
        assert_eq!(
            watch.finish(PLANNED, Ending::Closed, 6.0, 60.0).length_kept(),
            LengthKept::Shorter
        );
    }
}
