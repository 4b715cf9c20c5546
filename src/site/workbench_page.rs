//! Step 10: the review workbench's own page, `workbench.html`, beside index.html.
//!
//! The workbench is a door of its own for engineers, not a part of the lesson: its page holds the
//! workbench at its defaults, written in by the same components the browser runs (as step 1 writes
//! the lesson), in place of the lesson, so it reads before its wasm arrives and a reviewer never
//! downloads the lesson's prose. Its root is marked as the workbench's page, which `boot.js` and
//! the app read to open the workbench there; its title, description and two notes for a page that
//! cannot start speak of the workbench. A link to `index.html?workbench=1`, as the lesson made them
//! before this page existed, is sent on here by `boot.js`.

use super::folder::Folder;
use crate::shared_names::files::WORKBENCH_PAGE;
use crate::shared_names::root::WORKBENCH_PAGE as PAGE_MARK;

/// What the lesson's page says, and what the workbench's says in its place. The workbench alone
/// may connect to other origins: its live measurement calls the servers the reviewer names,
/// wherever they are (SECURITY.md); the lesson and the embeds keep `'self'`.
const REWORDED: [(&str, &str); 5] = [
    (
        "default-src 'self'; script-src",
        "default-src 'self'; connect-src 'self' http: https:; script-src",
    ),
    (
        "<title>Crossover: two waits in every LLM answer</title>",
        "<title>Crossover: review workbench, deployment A or B</title>",
    ),
    (
        "An interactive explainer of LLM response time: prefill sets the first token, decode sets the finish, and the two cross.",
        "Compare two LLM deployments on your workload: first token, decode rate, the crossover, and a decision record for a design review.",
    ),
    ("the text below reads without it.", "the workbench below shows its defaults and cannot be changed without it."),
    ("The lesson's text below reads without them; reloading", "The workbench below shows its defaults but cannot be changed; reloading"),
];

/// Writes `workbench.html` beside the page: `page` with `workbench` in place of `lesson`, which
/// step 1 wrote into it. Returns the page unchanged.
pub fn write(
    page: &str,
    lesson: &str,
    workbench: &str,
    folder: &mut Folder,
) -> Result<String, String> {
    folder.put(WORKBENCH_PAGE, workbench_page(page, lesson, workbench)?, &[]);
    Ok(page.to_string())
}

/// The page with the workbench written in, its root marked and its words the workbench's.
fn workbench_page(page: &str, lesson: &str, workbench: &str) -> Result<String, String> {
    if lesson.is_empty() || page.matches(lesson).count() != 1 {
        return Err("the finished page does not hold the lesson once, as step 1 wrote it".into());
    }
    let mut out = page.replacen(lesson, workbench, 1);
    for (lesson_words, workbench_words) in REWORDED {
        if out.matches(lesson_words).count() != 1 {
            return Err(format!("index.html no longer says `{lesson_words}` once"));
        }
        out = out.replacen(lesson_words, workbench_words, 1);
    }
    if out.matches("<html").count() != 1 {
        return Err("the page does not have one <html> tag".into());
    }
    Ok(out.replacen("<html", &format!("<html {PAGE_MARK}"), 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "<!DOCTYPE html><html lang=en data-theme=light><head><meta http-equiv=Content-Security-Policy content=\"default-src 'self'; script-src 'self'\"><title>Crossover: two waits in every LLM answer</title><meta name=description content=\"An interactive explainer of LLM response time: prefill sets the first token, decode sets the finish, and the two cross.\"></head><body><noscript><p>It needs JavaScript; the text below reads without it.</p></noscript><p class=not-started>It did not start. The lesson's text below reads without them; reloading the page tries again.</p><div id=prerendered><h1>Two waits</h1></div></body></html>";

    #[test]
    fn the_workbench_page_holds_the_workbench_in_place_of_the_lesson_and_speaks_of_it() {
        let page = workbench_page(PAGE, "<h1>Two waits</h1>", "<h1>A or B</h1>").unwrap();
        assert!(page.contains("<div id=prerendered><h1>A or B</h1></div>"), "{page}");
        assert!(!page.contains("Two waits") && !page.contains("lesson"), "{page}");
        assert!(page.starts_with("<!DOCTYPE html><html data-workbench-page lang=en"), "{page}");
        assert!(page.contains("<title>Crossover: review workbench"), "{page}");
        assert!(page.contains("Compare two LLM deployments"), "{page}");
        assert!(page.contains("default-src 'self'; connect-src 'self' http: https:; script-src"));
    }

    #[test]
    fn a_page_whose_words_changed_is_refused() {
        assert!(workbench_page(PAGE, "<h1>Another</h1>", "x").is_err());
        let reworded = PAGE.replace("two waits in every", "two waits in each");
        assert!(workbench_page(&reworded, "<h1>Two waits</h1>", "x").is_err());
    }
}
