//! Step 2: the wasm is fetched after the lesson is on screen, not beside the page. Trunk
//! announces it with a preload link, which a browser starts downloading while it is still reading
//! the HTML: on a slow phone connection those 250 KB then share the line with the page and its
//! stylesheet, and the text waits. The build turns the link into a `<meta>` that fetches nothing
//! and keeps the file's address and integrity hash, which `boot.js` uses once the lesson has been
//! painted.

use super::markup::{escaped, tags, value};
use crate::shared_names::files::{META_INTEGRITY, WASM_META};

/// `page` with trunk's preload link for the wasm replaced by a `<meta>` carrying its address
/// (`content`) and integrity hash ([`META_INTEGRITY`]). Trunk may have minified the page, which
/// drops the quotes around attribute values.
pub fn defer_wasm_fetch(page: &str) -> Result<String, String> {
    let (start, end, attributes) = tags(page, "link")
        .find(|(_, _, attributes)| {
            value(attributes, "rel") == Some("preload")
                && value(attributes, "href").is_some_and(|href| href.ends_with(".wasm"))
        })
        .ok_or("the page has no preload link for its wasm: did trunk build it?")?;
    let href = value(&attributes, "href").unwrap_or_default();
    let integrity = value(&attributes, "integrity")
        .ok_or("the wasm's preload link carries no integrity hash")?;
    let meta = format!(
        r#"<meta name="{WASM_META}" content="{}" {META_INTEGRITY}="{}">"#,
        escaped(href),
        escaped(integrity)
    );
    Ok(format!(
        "{}{meta}{}",
        page.get(..start).unwrap_or_default(),
        page.get(end..).unwrap_or_default()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    const HASH: &str = "sha384-w88pE6h3dyeJ5uprXiP5nUwggg25HESfLgWGPZZfRgcaAjPkeCCD8Fzpi0o58GtZ";

    #[test]
    fn a_minified_preload_link_becomes_a_meta_that_fetches_nothing() {
        let page = format!(
            "<head><link crossorigin href=./app.js integrity=sha384-x rel=modulepreload><link as=fetch crossorigin href=./app_bg.wasm integrity={HASH} rel=preload type=application/wasm><link href=./a.css rel=stylesheet></head>"
        );
        let deferred = defer_wasm_fetch(&page).unwrap();
        assert_eq!(
            deferred,
            format!(
                r#"<head><link crossorigin href=./app.js integrity=sha384-x rel=modulepreload><meta name="crossover-wasm" content="./app_bg.wasm" data-integrity="{HASH}"><link href=./a.css rel=stylesheet></head>"#
            )
        );
    }

    #[test]
    fn a_quoted_self_closed_link_is_read_too() {
        let page = format!(
            r#"<link rel="preload" href="./app_bg.wasm" as="fetch" type="application/wasm" crossorigin="" integrity="{HASH}"/>
<linkage>"#
        );
        let deferred = defer_wasm_fetch(&page).unwrap();
        assert!(
            deferred.starts_with(&format!(
                r#"<meta name="crossover-wasm" content="./app_bg.wasm" data-integrity="{HASH}">"#
            )),
            "{deferred}"
        );
        assert!(deferred.ends_with("\n<linkage>"), "{deferred}");
    }

    #[test]
    fn a_page_without_the_link_or_its_hash_is_refused() {
        assert!(defer_wasm_fetch("<head><link rel=stylesheet href=a.css></head>").is_err());
        assert!(defer_wasm_fetch("<link rel=preload href=a.wasm>").is_err());
        // Done once already: nothing left to defer, and the build says so rather than pass.
        let once =
            defer_wasm_fetch(&format!("<link rel=preload href=a.wasm integrity={HASH}>")).unwrap();
        assert!(defer_wasm_fetch(&once).is_err());
    }

    #[test]
    fn a_tag_cut_short_is_refused_not_a_panic() {
        assert!(defer_wasm_fetch("<link rel=preload href=a.wasm integrity=\"x").is_err());
        assert!(defer_wasm_fetch("<link rel=preload href=a.wasm").is_err());
    }
}
