//! Step 1: the lesson as HTML, rendered natively by the same components the browser runs,
//! written into index.html: a reader sees the text before the wasm has arrived, or without it.

use super::field_stand_ins::stand_in_text_fields;
use crate::shared_names::takeover::PRERENDERED_ID;

/// The whole lesson at its defaults (an address with no query), every section built, as it is
/// written into the page: the markup the components build (`ui::render_lesson`), with its text
/// fields written as the text they hold (see `field_stand_ins`).
pub fn lesson_html() -> String {
    stand_in_text_fields(&crate::ui::render_lesson())
}

/// The review workbench at its defaults, every part built, as it is written into its own page
/// (`workbench_page`), its text fields written as the lesson's are.
pub fn workbench_html() -> String {
    stand_in_text_fields(&crate::ui::render_workbench())
}

/// `page` with `lesson` written into its empty `#prerendered` element. Trunk may have minified
/// the page, which drops the quotes around the id.
pub fn fill_prerendered(page: &str, lesson: &str) -> Result<String, String> {
    const EMPTY: &str = "></div>";
    let id_at = [format!("id=\"{PRERENDERED_ID}\""), format!("id={PRERENDERED_ID}")]
        .iter()
        .find_map(|id| page.find(id.as_str()).map(|at| at + id.len()))
        .ok_or_else(|| format!("the page has no element with the id `{PRERENDERED_ID}`"))?;
    let rest = page.get(id_at..).unwrap_or_default();
    let open_end = rest
        .find('>')
        .ok_or_else(|| format!("the `{PRERENDERED_ID}` element's tag never closes"))?;
    if !rest.get(open_end..).is_some_and(|r| r.starts_with(EMPTY)) {
        return Err(format!(
            "the `{PRERENDERED_ID}` element is not empty: was the lesson written in already?"
        ));
    }
    let insert_at = id_at + open_end + 1;
    let (before, after) = page.split_at(insert_at);
    Ok(format!("{before}{lesson}{after}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lesson_goes_inside_the_empty_element_quoted_or_not() {
        for page in [
            r#"<body><div id="prerendered"></div></body>"#,
            "<body><div id=prerendered></div></body>",
        ] {
            let filled = fill_prerendered(page, "<p>hi</p>").unwrap();
            assert!(filled.contains("><p>hi</p></div></body>"), "{filled}");
        }
    }

    #[test]
    fn a_page_without_the_element_or_already_filled_is_refused() {
        assert!(fill_prerendered("<body></body>", "x").is_err());
        let once = fill_prerendered("<div id=prerendered></div>", "<p>x</p>").unwrap();
        assert!(fill_prerendered(&once, "<p>x</p>").is_err());
    }
}
