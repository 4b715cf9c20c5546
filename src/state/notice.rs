//! Messages shown to the reader when an input could not be used as given.

/// One rejected or adjusted input, named so the reader can fix it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The URL key or control the message is about.
    pub key: String,
    pub message: String,
}

/// How many notices the banner lists; the rest are counted in one line. Every key yields at
/// most two, so a crafted link can still produce about eighty, more than anyone reads.
pub const LISTED_NOTICES: usize = 40;

/// Opens a quoted excerpt inside a message (U+2068, first strong isolate): the text between it
/// and [`QUOTE_END`] came from the reader or the link. In plain text the pair keeps that
/// excerpt's direction from leaking into the sentence; the page renders it as `<bdi>`.
pub const QUOTE_START: char = '\u{2068}';
/// Closes a quoted excerpt (U+2069, pop directional isolate).
pub const QUOTE_END: char = '\u{2069}';

/// Characters that are invisible or steer the direction of text: shown back inside a sentence,
/// a right-to-left override would reverse the rest of the page's own words, and zero-width ones
/// make two different values look alike. Unicode's whole format category (Cf) would need its
/// tables in the wasm; these are the ones that matter in a short excerpt. Text kept from a
/// result file is cleaned of the same ones (`measurements::file_text`).
pub fn is_format(c: char) -> bool {
    matches!(c,
        '\u{ad}' | '\u{61c}' | '\u{180e}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}'
        | '\u{2060}'..='\u{206f}' | '\u{feff}' | '\u{fff9}'..='\u{fffb}' | '\u{e0000}'..='\u{e007f}')
}

/// Letters and marks that draw nothing although they are not format characters: fillers
/// (Hangul's, the blank Braille cell), joiners and variation selectors, and spaces other than
/// the plain one. Inside an excerpt they would make "h100" and "h100" followed by one of them
/// look alike, so they are shown by their code point instead.
pub fn renders_blank(c: char) -> bool {
    matches!(c,
        '\u{a0}' | '\u{34f}' | '\u{115f}' | '\u{1160}' | '\u{1680}' | '\u{17b4}' | '\u{17b5}'
        | '\u{180b}'..='\u{180f}' | '\u{2000}'..='\u{200a}' | '\u{202f}' | '\u{205f}'
        | '\u{2800}' | '\u{3000}' | '\u{3164}' | '\u{fe00}'..='\u{fe0f}' | '\u{ffa0}'
        | '\u{1d159}' | '\u{1d173}'..='\u{1d17a}' | '\u{e0100}'..='\u{e01ef}')
}

/// Raw text from a URL can be arbitrarily long or strange; the notice shows a short, plain
/// excerpt of it between [`QUOTE_START`] and [`QUOTE_END`] (rendered as text, never as markup):
/// control characters become spaces, format and direction characters are dropped, and a
/// character that draws nothing is shown as its code point ("U+3164").
pub fn excerpt(raw: &str) -> String {
    const MAX_CHARS: usize = 24;
    let mut cleaned = raw.chars().filter(|c| !is_format(*c));
    let mut head = String::new();
    let mut more = "";
    for (i, c) in cleaned.by_ref().enumerate() {
        if i == MAX_CHARS {
            more = "…";
            break;
        }
        if c.is_control() {
            head.push(' ');
        } else if renders_blank(c) {
            head.push_str(&format!("U+{:04X}", u32::from(c)));
        } else {
            head.push(c);
        }
    }
    format!("{QUOTE_START}{head}{more}{QUOTE_END}")
}

/// A message split into plain parts (false) and quoted excerpts (true), markers removed.
pub fn segments(message: &str) -> Vec<(bool, &str)> {
    let mut out = Vec::new();
    let mut rest = message;
    while let Some((before, after)) = rest.split_once(QUOTE_START) {
        if !before.is_empty() {
            out.push((false, before));
        }
        let (quoted, tail) = after.split_once(QUOTE_END).unwrap_or((after, ""));
        out.push((true, quoted));
        rest = tail;
    }
    if !rest.is_empty() {
        out.push((false, rest));
    }
    out
}

/// `message` as HTML: every character that means something in markup escaped, and each quoted
/// excerpt in a `<bdi>` so text written right to left (or anything else the link held) cannot
/// reorder the sentence around it. The only tags in the result are those `<bdi>`s.
pub fn markup(message: &str) -> String {
    let mut out = String::with_capacity(message.len() + 16);
    for (quoted, text) in segments(message) {
        if quoted {
            out.push_str("<bdi>");
        }
        crate::format::escape_html_into(&mut out, text);
        if quoted {
            out.push_str("</bdi>");
        }
    }
    out
}

/// The line closing a banner that lists only the first [`LISTED_NOTICES`] of `total`.
pub fn more_line(total: usize) -> Option<String> {
    let hidden = total.checked_sub(LISTED_NOTICES).filter(|n| *n > 0)?;
    Some(format!(
        "…and {hidden} more {}, not listed. Fixing the ones above and reloading shows the rest.",
        if hidden == 1 { "problem" } else { "problems" }
    ))
}

/// `message` as the reader sees it, with the excerpt markers removed.
pub fn plain(message: &str) -> String {
    message.chars().filter(|c| *c != QUOTE_START && *c != QUOTE_END).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_drop_direction_and_invisible_characters() {
        assert_eq!(excerpt("\u{202e}evil\u{200b}"), "\u{2068}evil\u{2069}");
        assert_eq!(excerpt("a\u{2066}b\u{2069}c\u{feff}"), "\u{2068}abc\u{2069}");
        assert_eq!(excerpt("x\ny"), "\u{2068}x y\u{2069}");
        assert_eq!(plain(&excerpt(&"9".repeat(30))), format!("{}…", "9".repeat(24)));
    }

    #[test]
    fn a_character_that_draws_nothing_is_shown_by_its_code_point() {
        assert_eq!(excerpt("h100\u{3164}"), "\u{2068}h100U+3164\u{2069}");
        assert_eq!(excerpt("\u{2800}a100"), "\u{2068}U+2800a100\u{2069}");
        assert_eq!(excerpt("l4\u{fe0f}\u{e0101}"), "\u{2068}l4U+FE0FU+E0101\u{2069}");
        // Each counts as one character of the excerpt's length.
        assert!(plain(&excerpt(&"\u{3164}".repeat(30))).ends_with("U+3164…"));
    }

    #[test]
    fn segments_mark_the_quoted_parts() {
        let message = format!("A {} is B {}.", excerpt("x"), excerpt("\u{202e}y"));
        assert_eq!(
            segments(&message),
            [(false, "A "), (true, "x"), (false, " is B "), (true, "y"), (false, ".")]
        );
        assert_eq!(segments("plain"), [(false, "plain")]);
        assert_eq!(segments(""), []);
    }

    #[test]
    fn markup_escapes_everything_and_isolates_excerpts() {
        let message = format!(
            "Prompt: {} is <not> a number & \"so\" it's {}.",
            excerpt("<img src=x onerror=alert(1)>"),
            excerpt("\u{202e}x")
        );
        assert_eq!(
            markup(&message),
            "Prompt: <bdi>&lt;img src=x onerror=alert…</bdi> is &lt;not&gt; a number &amp; &quot;so&quot; it&#39;s <bdi>x</bdi>."
        );
    }

    #[test]
    fn the_banner_counts_what_it_leaves_out() {
        assert_eq!(more_line(LISTED_NOTICES), None);
        assert_eq!(more_line(3), None);
        assert!(more_line(LISTED_NOTICES + 1).is_some_and(|l| l.contains("1 more problem,")));
        assert!(more_line(LISTED_NOTICES + 60).is_some_and(|l| l.contains("60 more problems")));
    }
}
