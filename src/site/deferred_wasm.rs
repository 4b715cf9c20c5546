//! Step 2: the wasm is fetched after the lesson is on screen, not beside the page. Trunk
//! announces it with a preload link, which a browser starts downloading while it is still reading
//! the HTML: on a slow phone connection those 250 KB then share the line with the page and its
//! stylesheet, and the text waits. The build turns the link into a `<meta>` that fetches nothing
//! and keeps the file's address and integrity hash, which `boot.js` uses once the lesson has been
//! painted.
//!
//! The wasm is then named by its own bytes ([`name_by_content`]): trunk names it by a hash of the
//! file before wasm-opt, so a change to wasm-opt's passes alone would give new bytes under the
//! old name, and a browser or proxy holding the old file would fail the new integrity check.

use super::folder::Folder;
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

/// The wasm's file name as the `<meta>` written by [`defer_wasm_fetch`] gives it, and where in
/// `page` that name starts.
pub(super) fn wasm_name(page: &str) -> Option<(usize, &str)> {
    let marker = format!(r#"<meta name="{WASM_META}" content="./"#);
    let start = page.find(&marker)? + marker.len();
    let rest = page.get(start..)?;
    Some((start, rest.get(..rest.find('"')?)?))
}

/// Renames the wasm that the page's `<meta>` names (`<stem>-<hash>_bg.wasm`) with the hash of its
/// own bytes, and the `<meta>` to match. Its integrity hash, from the same bytes, stays.
pub fn name_by_content(page: &str, folder: &mut Folder) -> Result<String, String> {
    let (start, old_name) = wasm_name(page)
        .ok_or("the built index.html has no <meta> for its wasm, or one cut short")?;
    let stem = old_name
        .strip_suffix("_bg.wasm")
        .and_then(|name| name.rsplit_once('-'))
        .map(|(stem, _)| stem)
        .ok_or_else(|| format!("{old_name} is not named <stem>-<hash>_bg.wasm"))?;
    let wasm = folder.bytes(old_name)?.to_vec();
    let new_name = folder.rename_by_content(old_name, &format!("{stem}-"), "_bg.wasm", wasm);
    Ok(format!(
        "{}{new_name}{}",
        page.get(..start).unwrap_or_default(),
        page.get(start + old_name.len()..).unwrap_or_default()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::content_hash::short_hash;

    #[test]
    fn the_wasm_is_renamed_by_its_bytes_and_the_meta_follows() {
        let wasm = b"\0asm bytes after wasm-opt";
        let mut folder = Folder::of([("app-0123456789abcdef_bg.wasm", &wasm[..])]);
        let meta = format!(
            r#"<meta name="crossover-wasm" content="./app-0123456789abcdef_bg.wasm" data-integrity="{HASH}"><link href=./app-0123456789abcdef.js>"#
        );
        let page = name_by_content(&meta, &mut folder).unwrap();
        let name = format!("app-{}_bg.wasm", short_hash(wasm));
        assert_eq!(folder.names().collect::<Vec<_>>(), [name.as_str()]);
        assert_eq!(folder.bytes(&name), Ok(&wasm[..]));
        assert_eq!(
            page,
            format!(
                r#"<meta name="crossover-wasm" content="./{name}" data-integrity="{HASH}"><link href=./app-0123456789abcdef.js>"#
            )
        );
        // Run again on its own output, it changes nothing.
        let before = folder.clone();
        assert_eq!(name_by_content(&page, &mut folder).as_ref(), Ok(&page));
        assert_eq!(folder, before);
    }

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
