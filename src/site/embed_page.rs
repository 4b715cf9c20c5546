//! Step 9: the embedded figure's own page, `embed.html`, beside index.html.
//!
//! An embed shows one figure, yet index.html carries the whole lesson written in at build time
//! (step 1), which a frame would download and parse only for `boot.js` to drop it. The embed's
//! page is the finished index.html with that lesson taken out, so it fetches the same checked
//! start script, wasm and stylesheet and nothing of the lesson's prose. Its two notes for a page
//! that cannot start speak of a figure, not of a lesson below them. index.html still opens an
//! embed (`?embed=`), so every embed link made before this page existed keeps working.

use super::folder::Folder;
use crate::render::sketch::EmbedSketch;
use crate::shared_names::files::EMBED_PAGE;

/// index.html's note for a reader without JavaScript, and the embed page's.
const NOSCRIPT_NOTE: (&str, &str) =
    ("the text below reads without it.", "this figure cannot be drawn without it.");
/// index.html's note for a start script that never ran, and the embed page's.
const NOT_STARTED_NOTE: (&str, &str) =
    ("The lesson's text below reads without them; reloading", "Reloading");

/// Writes `embed.html` beside the page: `page` without `lesson`, which step 1 wrote into it,
/// with the figures drawn at their defaults (`sketches`) beside it (step 9b). Returns the page
/// unchanged.
pub fn write(
    page: &str,
    lesson: &str,
    sketches: &[EmbedSketch],
    folder: &mut Folder,
) -> Result<String, String> {
    let embed = super::embed_sketches::place(&embed_page(page, lesson)?, sketches, folder)?;
    folder.put(EMBED_PAGE, embed, &[]);
    Ok(page.to_string())
}

/// The page without the lesson, its notes rewritten for one figure.
fn embed_page(page: &str, lesson: &str) -> Result<String, String> {
    if lesson.is_empty() || page.matches(lesson).count() != 1 {
        return Err("the finished page does not hold the lesson once, as step 1 wrote it".into());
    }
    let mut embed = page.replacen(lesson, "", 1);
    for (lesson_words, embed_words) in [NOSCRIPT_NOTE, NOT_STARTED_NOTE] {
        if embed.matches(lesson_words).count() != 1 {
            return Err(format!("index.html's notes no longer say `{lesson_words}`"));
        }
        embed = embed.replacen(lesson_words, embed_words, 1);
    }
    Ok(embed)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "<html><head><script src=\"boot-1.js\"></script></head><body><noscript><p>It needs JavaScript; the text below reads without it.</p></noscript><p class=\"not-started\">It did not start. The lesson's text below reads without them; reloading the page tries again.</p><div id=\"prerendered\"><h1>Two waits</h1></div></body></html>";

    #[test]
    fn the_embed_page_is_the_page_without_the_lesson_and_its_notes_speak_of_the_figure() {
        let embed = embed_page(PAGE, "<h1>Two waits</h1>").unwrap();
        assert!(embed.contains("<div id=\"prerendered\"></div>"), "{embed}");
        assert!(embed.contains("<script src=\"boot-1.js\"></script>"), "{embed}");
        assert!(!embed.contains("Two waits") && !embed.contains("text below"), "{embed}");
        assert!(embed.contains("this figure cannot be drawn without it."), "{embed}");
        assert!(embed.contains("It did not start. Reloading the page tries again."), "{embed}");
    }

    #[test]
    fn a_page_without_the_lesson_or_its_notes_is_refused() {
        assert!(embed_page(PAGE, "<h1>Another lesson</h1>").is_err());
        assert!(
            embed_page(&PAGE.replace("text below", "text beneath"), "<h1>Two waits</h1>").is_err()
        );
    }
}
