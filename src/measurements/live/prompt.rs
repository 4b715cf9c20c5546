//! Prompts of a chosen length in tokens, each with a start of its own.
//!
//! A server that caches prompts (llama.cpp, vLLM and SGLang all can) answers a prompt it has
//! read before from memory: a repeated 1,500-token prompt on llama.cpp gave its first token in
//! 2 ms instead of 56. Every prompt therefore begins with the run's and the request's own
//! number, so no two share a first token, and no request can reuse another's work.
//!
//! The page cannot count tokens with a server's tokenizer, so a prompt is built of common words
//! and its length scaled by what the server reported for the warm-up prompt
//! ([`WordsPerToken`]); the fit then uses the lengths each server reports, never these.

/// Common short words, most of them one token in every tokenizer in use.
const WORDS: [&str; 16] = [
    "the", "time", "of", "a", "day", "and", "one", "more", "word", "to", "read", "in", "this",
    "long", "plain", "text",
];

/// The warm-up request's prompt, in words: long enough for its count of tokens to give the
/// server's tokens per word.
pub const WARM_UP_WORDS: usize = 200;

/// How many of [`WORDS`] make a token on this server, from a prompt of known words and the
/// tokens the server counted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WordsPerToken(pub f64);

impl WordsPerToken {
    /// One word a token until a server says otherwise.
    pub const FIRST_GUESS: WordsPerToken = WordsPerToken(1.0);

    /// From a prompt of `words` words of which the server counted `tokens` tokens; kept within
    /// 0.1 to 10, a guess of one where the count is of no use.
    pub fn from_count(words: usize, tokens: f64) -> WordsPerToken {
        let ratio = words as f64 / tokens;
        if ratio.is_finite() && ratio > 0.0 {
            WordsPerToken(ratio.clamp(0.1, 10.0))
        } else {
            WordsPerToken::FIRST_GUESS
        }
    }

    /// Words for a prompt of about `tokens` tokens, the unique start counted in.
    pub fn words_for(self, tokens: u32) -> usize {
        let words = (f64::from(tokens) * self.0).round() as usize;
        words.saturating_sub(START_WORDS).max(1)
    }
}

/// What a server counted for prompts of known words: the tokens of the unique start and the
/// tokens a word, fitted by least squares once prompts of two lengths are counted (the warm-up
/// gives one, so the first requests use its ratio). A start of hexadecimal digits is several
/// tokens on most tokenizers, so a ratio alone sends short prompts long: 80 tokens for 64.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Calibration {
    /// (words sent, tokens counted).
    counted: Vec<(f64, f64)>,
}

impl Calibration {
    /// A prompt of `words` words that the server counted as `tokens`.
    pub fn counted(&mut self, words: usize, tokens: f64) {
        if tokens.is_finite() && tokens > 0.0 {
            self.counted.push((words as f64, tokens));
        }
    }

    /// `(start tokens, tokens a word)`, once two lengths are counted and the fit is sane.
    fn line(&self) -> Option<(f64, f64)> {
        let n = self.counted.len() as f64;
        let mean = |f: fn(&(f64, f64)) -> f64| self.counted.iter().map(f).sum::<f64>() / n;
        let (mw, mt) = (mean(|p| p.0), mean(|p| p.1));
        let sxx: f64 = self.counted.iter().map(|p| (p.0 - mw).powi(2)).sum();
        let sxy: f64 = self.counted.iter().map(|p| (p.0 - mw) * (p.1 - mt)).sum();
        let per_word = sxy / sxx;
        let start = mt - per_word * mw;
        (sxx > 0.0 && per_word.is_finite() && per_word > 0.01 && start.is_finite())
            .then_some((start.max(0.0), per_word))
    }

    /// Words for a prompt of about `tokens` tokens, the unique start counted in.
    pub fn words_for(&self, tokens: u32) -> usize {
        match (self.line(), self.counted.last()) {
            (Some((start, per_word)), _) => {
                ((f64::from(tokens) - start) / per_word).round().max(1.0) as usize
            }
            (None, Some(&(words, counted))) => {
                WordsPerToken::from_count(words as usize, counted).words_for(tokens)
            }
            (None, None) => WordsPerToken::FIRST_GUESS.words_for(tokens),
        }
    }

    /// Words a token, as the file states it: the fitted slope's, or the one ratio counted.
    pub fn words_per_token(&self) -> f64 {
        match (self.line(), self.counted.last()) {
            (Some((_, per_word)), _) => 1.0 / per_word,
            (None, Some(&(words, counted))) => WordsPerToken::from_count(words as usize, counted).0,
            (None, None) => WordsPerToken::FIRST_GUESS.0,
        }
    }
}

/// Words in the unique start ([`prompt`]).
const START_WORDS: usize = 4;

/// A prompt of `words` common words after a start that no other request of any run shares:
/// the run's number (`run_tag`, random per run) and the request's.
pub fn prompt(run_tag: u64, request: usize, words: usize) -> String {
    // The request's own number first, mixed with the run's, so that prompts part at their
    // first token: a start shared by every prompt of a run is a prefix a cache can reuse.
    let own =
        crate::measurements::fit::bootstrap::SplitMix64::new(run_tag ^ request as u64).next_u64();
    let mut text = format!("{own:016x} request {request}: ");
    for i in 0..words {
        if i > 0 {
            text.push(' ');
        }
        // Shifted by the request, so even two requests of one run part at every word.
        text.push_str(WORDS.get((i + request) % WORDS.len()).copied().unwrap_or("the"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_prompt_starts_differently_and_has_the_words_asked() {
        let a = prompt(0xfeed, 1, 300);
        let b = prompt(0xfeed, 2, 300);
        let c = prompt(0xbeef, 1, 300);
        // They part within their first characters: a cache can reuse a token or two at most.
        assert_ne!(a[..4], b[..4]);
        assert_ne!(a[..4], c[..4]);
        assert_ne!(a.split(':').next(), c.split(':').next());
        assert_eq!(a.split(": ").nth(1).unwrap().split(' ').count(), 300);
        assert!(a.is_ascii());
    }

    #[test]
    fn the_servers_count_scales_the_words_and_nonsense_counts_are_refused() {
        let per = WordsPerToken::from_count(WARM_UP_WORDS, 250.0);
        assert!((per.0 - 0.8).abs() < 1e-12);
        assert_eq!(per.words_for(1_000), 796);
        assert_eq!(WordsPerToken::from_count(200, 0.0), WordsPerToken::FIRST_GUESS);
        assert_eq!(WordsPerToken::from_count(200, f64::NAN), WordsPerToken::FIRST_GUESS);
        assert_eq!(WordsPerToken::from_count(200, 1.0), WordsPerToken(10.0));
        assert_eq!(WordsPerToken::FIRST_GUESS.words_for(3), 1);
    }
}

/// The body of a streamed completion: exactly `answer_tokens` asked where the server allows it
/// (`ignore_eos` on vLLM, SGLang and llama.cpp; `min_tokens` on vLLM and SGLang; others only
/// cap it, and the shorter answer is counted), the token counts in the last chunk, and no
/// sampling randomness.
pub fn completion_body(model: &str, prompt: &str, answer_tokens: u32) -> String {
    let body = Body {
        model,
        prompt,
        max_tokens: answer_tokens,
        min_tokens: answer_tokens,
        ignore_eos: true,
        temperature: 0,
        stream: true,
        stream_options: StreamOptions { include_usage: true },
    };
    // Plain strings and numbers: serialising cannot fail.
    serde_json::to_string(&body).unwrap_or_default()
}

#[derive(serde::Serialize)]
struct Body<'a> {
    model: &'a str,
    prompt: &'a str,
    max_tokens: u32,
    min_tokens: u32,
    ignore_eos: bool,
    temperature: u32,
    stream: bool,
    stream_options: StreamOptions,
}

#[derive(serde::Serialize)]
struct StreamOptions {
    include_usage: bool,
}

#[cfg(test)]
mod calibration_tests {
    use super::*;

    #[test]
    fn the_start_is_learned_once_two_lengths_are_counted() {
        let mut c = Calibration::default();
        assert_eq!(c.words_for(64), 60);
        // A server whose start is 20 tokens and whose words are one token each.
        c.counted(200, 220.0);
        let first = c.words_for(64);
        assert!(first > 44, "{first}: from one count only the ratio is known");
        c.counted(first, 20.0 + first as f64);
        assert_eq!(c.words_for(64), 44);
        assert_eq!(c.words_for(1_024), 1_004);
        assert!((c.words_per_token() - 1.0).abs() < 1e-12);
        // Nonsense counts are not kept, and a flat or falling fit falls back to the ratio.
        c.counted(10, f64::NAN);
        let mut flat = Calibration::default();
        flat.counted(100, 50.0);
        flat.counted(200, 50.0);
        assert_eq!(flat.words_for(100), WordsPerToken::from_count(200, 50.0).words_for(100));
    }
}

#[cfg(test)]
mod body_tests {
    use super::*;

    #[test]
    fn the_body_asks_a_stream_with_counts_and_an_exact_length() {
        let body = completion_body("tiny \"a\"", "Request 1 of run 0: the", 16);
        let v = crate::measurements::json::parse(&body).unwrap();
        assert_eq!(v.get("model").and_then(|m| m.as_str()).as_deref(), Some("tiny \"a\""));
        assert_eq!(v.get("max_tokens").and_then(|m| m.as_finite()), Some(16.0));
        assert_eq!(
            v.path(&["stream_options", "include_usage"]).and_then(|m| m.as_bool()),
            Some(true)
        );
        assert_eq!(v.get("ignore_eos").and_then(|m| m.as_bool()), Some(true));
    }
}
