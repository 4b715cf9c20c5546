//! The answer the page plays: what the lesson's summariser might write about a long report, cut
//! into tokens as a model would emit them, about three quarters of a word each.

/// The summariser's answer. An answer set longer than this starts it again as a new paragraph.
pub const SAMPLE_ANSWER: &str = "The report describes a forty-minute slowdown of the checkout service after a routine database upgrade. Orders kept arriving, but each one waited for a lock that the upgrade script held far longer than planned, so pages timed out, customers tried again, and the queue grew longer still. No money was lost: every payment was either completed or refunded automatically the same evening. The team found the cause within twenty minutes and rolled the script back by hand.

It makes three recommendations. First, split schema changes into small steps that each finish in seconds, and rehearse them on a copy of the production data. Second, alert on how long requests wait rather than on the average response time, which stayed flat for the first quarter of an hour and hid the problem. Third, give the support desk a status page it can update without an engineer, since most complaints arrived before anyone had said what was happening.

Two questions are left open: the retry logic in the mobile app, which sent some orders three times, and who should approve upgrades outside office hours. The authors suggest settling both at the next monthly review.";

/// The most tokens a bubble holds at once: more than its few lines show.
pub const BUBBLE_TOKENS: usize = 120;

/// The longest run of letters or digits one token holds: longer words take several, as a
/// tokenizer splits rare words into pieces.
const LETTERS_PER_TOKEN: usize = 6;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Space,
    Letter,
    Mark,
}

fn kind(c: char) -> Kind {
    if c.is_whitespace() {
        Kind::Space
    } else if c.is_alphanumeric() {
        Kind::Letter
    } else {
        Kind::Mark
    }
}

/// Where each token of `text` ends, in bytes. A token is a run of up to six letters or digits,
/// or a run of punctuation; the spaces before a word go with its first token, so the tokens
/// joined are the text again.
pub fn token_ends(text: &str) -> Vec<usize> {
    let mut ends = Vec::new();
    let mut previous = Kind::Space;
    let mut letters = 0;
    for (at, c) in text.char_indices() {
        let now = kind(c);
        let split = at > 0
            && match (previous, now) {
                (Kind::Space, _) => false,
                (_, Kind::Space) => true,
                (Kind::Letter, Kind::Letter) => letters == LETTERS_PER_TOKEN,
                (was, is) => was != is,
            };
        if split {
            ends.push(at);
            letters = 0;
        }
        if now == Kind::Letter {
            letters += 1;
        }
        previous = now;
    }
    if !text.is_empty() {
        ends.push(text.len());
    }
    ends
}

/// The sample answer in tokens, repeated as often as an answer needs.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    ends: Vec<usize>,
    /// The tokens that begin a sentence, in order.
    sentences: Vec<usize>,
}

impl Default for Answer {
    fn default() -> Self {
        Answer::of(SAMPLE_ANSWER)
    }
}

impl Answer {
    fn of(text: &'static str) -> Answer {
        let ends = token_ends(text);
        let sentences = (0..ends.len())
            .filter(|&i| {
                i == 0 || Answer::piece(text, &ends, i - 1).ends_with(['.', '!', '?', ':'])
            })
            .collect();
        Answer { ends, sentences }
    }

    /// Token `i` of `text` cut at `ends`.
    fn piece<'a>(text: &'a str, ends: &[usize], i: usize) -> &'a str {
        let start = if i == 0 { 0 } else { ends.get(i - 1).copied().unwrap_or(0) };
        let end = ends.get(i).copied().unwrap_or(start);
        text.get(start..end).unwrap_or("")
    }

    /// Tokens in one telling of the sample.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Token `i` of the answer, the sample starting again after its last.
    pub fn token(&self, i: usize) -> &'static str {
        match i.checked_rem(self.len()) {
            Some(j) => Answer::piece(SAMPLE_ANSWER, &self.ends, j),
            None => "",
        }
    }

    /// Tokens `from` to `to` (not included) as text. A repeat starts as a new paragraph.
    pub fn text(&self, from: usize, to: usize) -> String {
        let mut out = String::new();
        for i in from..to {
            if i > 0 && i % self.len().max(1) == 0 {
                out.push_str("\n\n");
            }
            out.push_str(self.token(i));
        }
        out
    }

    /// What an answer bubble holds when `shown` tokens are on screen and a reader has read `read`
    /// of them: from the start of the sentence the reader is in, the text read and the text not
    /// yet read, at most [`BUBBLE_TOKENS`] tokens in all, so the reader's place is always in it.
    pub fn window(&self, shown: usize, read: usize) -> (String, String) {
        let read = read.min(shown);
        let from = self.sentence_start(read.saturating_sub(1));
        let to = shown.min(from + BUBBLE_TOKENS);
        let split = read.clamp(from, to.max(from));
        let done = self.text(from, split);
        let rest = self.text(split, to);
        if done.is_empty() {
            (done, rest.trim_start().to_string())
        } else {
            (done.trim_start().to_string(), rest)
        }
    }

    /// The first token of the sentence that holds token `i`.
    pub fn sentence_start(&self, i: usize) -> usize {
        let n = self.len().max(1);
        let within = i % n;
        let start = self.sentences.iter().copied().filter(|&s| s <= within).max().unwrap_or(0);
        i - within + start
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tokens_joined_are_the_text() {
        let answer = Answer::default();
        assert_eq!(answer.text(0, answer.len()), SAMPLE_ANSWER);
        assert!((0..answer.len()).all(|i| !answer.token(i).is_empty()));
        assert_eq!(token_ends(""), Vec::<usize>::new());
        assert_eq!(token_ends("a"), vec![1]);
    }

    #[test]
    fn a_token_is_about_three_quarters_of_a_word() {
        let words = SAMPLE_ANSWER.split_whitespace().count() as f64;
        let per_token = words / Answer::default().len() as f64;
        let lesson = crate::model::reading::WORDS_PER_TOKEN;
        assert!((per_token - lesson).abs() < 0.03, "{per_token} words per token");
    }

    #[test]
    fn words_split_where_a_tokenizer_would() {
        let text = "Orders waited, unpredictably.";
        let pieces: Vec<&str> = {
            let ends = token_ends(text);
            (0..ends.len()).map(|i| Answer::piece(text, &ends, i)).collect()
        };
        assert_eq!(pieces, ["Orders", " waited", ",", " unpred", "ictabl", "y", "."]);
    }

    #[test]
    fn a_long_answer_tells_the_sample_again_as_a_new_paragraph() {
        let answer = Answer::default();
        let n = answer.len();
        let across = answer.text(n - 1, n + 2);
        assert!(across.starts_with(" review.") || across.starts_with('.'), "{across:?}");
        assert!(across.contains("\n\nThe report"), "{across:?}");
        assert_eq!(answer.text(n, n + 1), "\n\nThe");
    }

    #[test]
    fn a_bubble_starts_at_the_readers_sentence() {
        let answer = Answer::default();
        assert_eq!(answer.window(0, 0), (String::new(), String::new()));
        let (read, rest) = answer.window(5, 0);
        assert_eq!((read.as_str(), rest.as_str()), ("", "The report describes a"));
        let (read, rest) = answer.window(5, 2);
        assert_eq!((read.as_str(), rest.as_str()), ("The report", " describes a"));
        // Well into the second sentence: the first has scrolled away.
        let second = answer.sentences[1];
        let (read, rest) = answer.window(second + 40, second + 3);
        assert!(read.starts_with("Orders") && !read.contains("report"), "{read:?}");
        assert!(!rest.is_empty());
        // Far behind the text: the reader's place, and no more than a bubble holds.
        let (read, rest) = answer.window(5_000, 10);
        assert!(read.starts_with("The report"));
        assert!(answer.text(0, BUBBLE_TOKENS).len() >= read.len() + rest.len());
        // Past the sample's end, its retelling, from the reader's sentence.
        let (read, _) = answer.window(answer.len() + 30, answer.len() + 2);
        assert!(read.starts_with("The report"), "{read:?}");
    }

    #[test]
    fn sentences_start_after_a_full_stop() {
        let answer = Answer::default();
        assert_eq!(answer.sentence_start(0), 0);
        assert_eq!(answer.sentence_start(5), 0);
        let second = answer.sentences[1];
        assert!(answer.token(second).starts_with(" Orders"), "{:?}", answer.token(second));
        assert_eq!(answer.sentence_start(second + 3), second);
        assert_eq!(answer.sentence_start(answer.len() + 2), answer.len());
    }
}
