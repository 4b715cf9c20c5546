//! The wasm is fetched after the lesson is on screen, not beside the page. Trunk announces it
//! with a preload link, which a browser starts downloading while it is still reading the HTML:
//! on a slow phone connection those 250 KB then share the line with the page and its stylesheet,
//! and the text waits. The build turns the link into a `<meta>` that fetches nothing and keeps
//! the file's address and integrity hash, which `boot.js` uses once the lesson has been painted.

/// The `<meta>` name `boot.js` looks for.
pub const WASM_META_NAME: &str = "crossover-wasm";

/// `page` with trunk's preload link for the wasm replaced by a `<meta>` carrying its address
/// (`content`) and integrity hash (`data-integrity`). Trunk may have minified the page, which
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
        r#"<meta name="{WASM_META_NAME}" content="{}" data-integrity="{}">"#,
        escaped(href),
        escaped(integrity)
    );
    Ok(format!(
        "{}{meta}{}",
        page.get(..start).unwrap_or_default(),
        page.get(end..).unwrap_or_default()
    ))
}

/// Each `<name …>` start tag in `page`: where it starts and ends, and its attributes.
fn tags<'a>(
    page: &'a str,
    name: &'a str,
) -> impl Iterator<Item = (usize, usize, Vec<(String, String)>)> + 'a {
    let open = format!("<{name}");
    let mut from = 0;
    std::iter::from_fn(move || loop {
        let start = from + page.get(from..)?.find(&open)?;
        let after_name = start + open.len();
        from = after_name;
        // `<linkfoo` is another element.
        if !page.get(after_name..)?.starts_with(|c: char| c.is_ascii_whitespace() || c == '>') {
            continue;
        }
        let (attributes, length) = attributes(page.get(after_name..)?)?;
        from = after_name + length;
        return Some((start, from, attributes));
    })
}

/// The attributes at the start of `rest` (just after a tag's name), and how many bytes up to and
/// including the tag's closing `>`.
fn attributes(rest: &str) -> Option<(Vec<(String, String)>, usize)> {
    let mut found = Vec::new();
    let mut at = 0;
    loop {
        let tail = rest.get(at..)?;
        let skipped = tail.len()
            - tail.trim_start_matches(|c: char| c.is_ascii_whitespace() || c == '/').len();
        at += skipped;
        let tail = rest.get(at..)?;
        if tail.starts_with('>') {
            return Some((found, at + 1));
        }
        let name_len =
            tail.find(|c: char| c.is_ascii_whitespace() || matches!(c, '=' | '>' | '/'))?;
        let name = tail.get(..name_len)?.to_ascii_lowercase();
        at += name_len;
        if !rest.get(at..)?.starts_with('=') {
            found.push((name, String::new()));
            continue;
        }
        at += 1;
        let tail = rest.get(at..)?;
        let (raw, used) = match tail.chars().next()? {
            quote @ ('"' | '\'') => {
                let close = tail.get(1..)?.find(quote)?;
                (tail.get(1..=close)?, close + 2)
            }
            _ => {
                let end =
                    tail.find(|c: char| c.is_ascii_whitespace() || c == '>').unwrap_or(tail.len());
                (tail.get(..end)?, end)
            }
        };
        found.push((name, raw.replace("&amp;", "&").replace("&quot;", "\"")));
        at += used;
    }
}

fn value<'a>(attributes: &'a [(String, String)], name: &str) -> Option<&'a str> {
    attributes.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
}

fn escaped(text: &str) -> String {
    text.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;")
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
