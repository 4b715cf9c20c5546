//! Text taken from a result file, made fit to show: every string a reader keeps from a file (a
//! model name, a column heading, a key, an error the tool recorded, the file's own name) passes
//! through [`cleaned`] where it is taken, so nothing downstream can be handed megabytes of one
//! label or characters that hide themselves or turn the page's sentences around.
//!
//! Only what is kept for showing is cleaned: a reader still compares and counts the file's own
//! text (a phase named "warmup", the words of a prompt) as written.

use crate::state::notice::{is_format, renders_blank};

/// The most characters kept of one string from a file, the ellipsis included. Model names and
/// column headings fit easily; a longer text is cut and ends in "…", so a key of megabytes
/// gives a message of a line, not of megabytes.
pub const MAX_CHARS: usize = 80;

/// `raw` as it may be shown: format and direction characters (right-to-left overrides,
/// isolates, zero-width spaces, the byte order mark) and characters that draw nothing but are
/// not spaces (Hangul's fillers, the blank Braille cell, joiners, variation selectors:
/// `notice::renders_blank`, which would make two labels look alike) dropped, control characters (C0 and C1,
/// line breaks and tabs among them) and other spacing read as one space, trimmed, and cut to
/// [`MAX_CHARS`] with an ellipsis when longer. Work stops once the kept text is full, so a huge
/// string costs no more than a short one.
pub fn cleaned(raw: &str) -> String {
    let mut out = String::new();
    let mut kept = 0usize;
    let mut space_due = false;
    let hidden = |c: char| is_format(c) || (renders_blank(c) && !c.is_whitespace());
    for c in raw.chars().filter(|c| !hidden(*c)) {
        if c.is_control() || c.is_whitespace() {
            space_due = kept > 0;
            continue;
        }
        let adding = usize::from(space_due) + 1;
        if kept + adding > MAX_CHARS {
            // One more character than fits: room is made for the ellipsis.
            while kept >= MAX_CHARS {
                out.pop();
                kept -= 1;
            }
            let trimmed_len = out.trim_end().len();
            out.truncate(trimmed_len);
            out.push('…');
            return out;
        }
        if space_due {
            out.push(' ');
            space_due = false;
        }
        out.push(c);
        kept += adding;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_that_draw_nothing_are_dropped_and_wide_spaces_read_as_one() {
        assert_eq!(cleaned("h\u{3164}100\u{2800}\u{115f}\u{1160}\u{ffa0}"), "h100");
        assert_eq!(cleaned("a\u{34f}b\u{fe0f}c\u{e0100}"), "abc");
        assert_eq!(cleaned("Llama\u{3000}3\u{a0}70B"), "Llama 3 70B");
        assert_eq!(cleaned("\u{3164}"), "");
    }

    #[test]
    fn long_text_is_cut_with_an_ellipsis() {
        let long = "m".repeat(5_000_000);
        let shown = cleaned(&long);
        assert_eq!(shown.chars().count(), MAX_CHARS);
        assert!(shown.ends_with('…'));
        assert_eq!(cleaned(&"n".repeat(MAX_CHARS)), "n".repeat(MAX_CHARS), "a full line is kept");
        let spaced = format!("{} {}", "a".repeat(MAX_CHARS - 1), "b");
        assert_eq!(cleaned(&spaced), format!("{}…", "a".repeat(MAX_CHARS - 1)));
    }

    #[test]
    fn direction_format_and_control_characters_are_gone() {
        assert_eq!(cleaned("\u{202e}lapyap\u{202c} model"), "lapyap model");
        assert_eq!(cleaned("a\u{2066}b\u{2069}\u{200b}c\u{feff}\u{200f}"), "abc");
        assert_eq!(cleaned("  two\r\n\tlines\u{0}\u{85}end\u{2028} "), "two lines end");
        assert_eq!(cleaned("\u{7}\u{1b}[31mred"), "[31mred");
        assert_eq!(cleaned("\u{202a}\u{202b}\u{202d}"), "");
        assert_eq!(cleaned("Llama-3.1 · 8B"), "Llama-3.1 · 8B", "ordinary text is untouched");
    }
}
