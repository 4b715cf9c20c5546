//! Messages shown to the reader when an input could not be used as given.

/// One rejected or adjusted input, named so the reader can fix it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The URL key or control the message is about.
    pub key: String,
    pub message: String,
}

/// Raw text from a URL can be arbitrarily long or strange; the notice shows a short, plain
/// excerpt of it (rendered as text, never as markup).
pub fn excerpt(raw: &str) -> String {
    const MAX_CHARS: usize = 24;
    let cleaned: String = raw.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    if cleaned.chars().count() > MAX_CHARS {
        let head: String = cleaned.chars().take(MAX_CHARS).collect();
        format!("{head}…")
    } else {
        cleaned
    }
}
