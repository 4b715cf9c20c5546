//! Text from outside the page (a result file's model name, run label or failure message) written
//! into Markdown as inert text: a design document renders it as the characters it is, never as
//! a link, an image, raw HTML, a comment that hides what follows, or a table cell boundary.
//!
//! Such text goes into a code span, inside which Markdown interprets nothing (no emphasis, link,
//! autolink or HTML), fenced by one backtick more than the longest run of backticks in it. Line
//! breaks become spaces, so the text stays within its line; in a table cell a `|` is escaped,
//! which GitHub's tables require even inside a code span.

/// `text` as an inline code span: rendered exactly as written, and inert.
pub fn inert(text: &str) -> String {
    let flat: String =
        text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect::<String>();
    let flat = flat.trim();
    if flat.is_empty() {
        return String::new();
    }
    let longest = flat.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest + 1);
    // A space inside the fence where the text starts or ends with a backtick, which Markdown
    // strips again, so that the fence is not read as longer.
    let pad = if flat.starts_with('`') || flat.ends_with('`') { " " } else { "" };
    format!("{fence}{pad}{flat}{pad}{fence}")
}

/// [`inert`], for a cell of a Markdown table.
pub fn inert_cell(text: &str) -> String {
    inert(text).replace('|', "\\|")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Names an attacker could give a run in its result file.
    const HOSTILE: [&str; 5] = [
        "![t](https://evil.example/t.png)",
        "[Sign in again](https://evil.example/login) <img src=x onerror=alert(1)>",
        "<!-- the rest is hidden",
        "a | b |\n| injected | row |",
        "``` fenced ``` and `tick`",
    ];

    #[test]
    fn hostile_text_is_one_code_span_on_one_line() {
        for text in HOSTILE {
            let span = inert(text);
            assert!(!span.contains('\n'), "{span}");
            let fence_len = span.chars().take_while(|c| *c == '`').count();
            let fence = "`".repeat(fence_len);
            assert!(span.starts_with(&fence) && span.ends_with(&fence), "{span}");
            let inside = &span[fence_len..span.len() - fence_len];
            // No run of backticks inside is as long as the fence, so the span cannot end early.
            let longest = inside.split(|c| c != '`').map(str::len).max().unwrap_or(0);
            assert!(longest < fence_len, "{span}");
        }
        assert_eq!(inert("![t](https://evil.example/t.png)"), "`![t](https://evil.example/t.png)`");
        assert_eq!(inert("``` x"), "```` ``` x ````");
        assert_eq!(inert("  \n "), "");
    }

    #[test]
    fn in_a_table_a_bar_cannot_end_the_cell() {
        let cell = inert_cell("a | b");
        assert_eq!(cell, "`a \\| b`");
    }
}
