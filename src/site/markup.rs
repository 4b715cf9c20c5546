//! Start tags in the built page's HTML, read for the build steps that rewrite it
//! (`field_stand_ins` in step 1, `deferred_wasm` in step 2), and the `<meta>` by which a step
//! names a file for the page (steps 3, 5 and 9b). Trunk may have minified the page, which drops
//! the quotes around attribute values; both forms are read.

/// Each `<name …>` start tag in `page`: where it starts and ends, and its attributes.
pub fn tags<'a>(
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
        found.push((name, decoded(raw).into_owned()));
        at += used;
    }
}

/// An attribute's value as written, with the two references [`escaped`] writes read back.
pub fn decoded(raw: &str) -> std::borrow::Cow<'_, str> {
    if raw.contains('&') {
        raw.replace("&amp;", "&").replace("&quot;", "\"").into()
    } else {
        raw.into()
    }
}

/// The value of the attribute `name`, if the tag has it.
pub fn value<'a>(attributes: &'a [(String, String)], name: &str) -> Option<&'a str> {
    attributes.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
}

/// `page` with `<meta name="name" attributes>` added at the end of its head, for a step that
/// tells the page a file's name (`attributes` are written as they are). A page that has that
/// `<meta>` already, quoted or minified, is refused: the step would otherwise have run twice.
pub fn with_meta(page: &str, name: &str, attributes: &str) -> Result<String, String> {
    if page.contains(&format!("name={name}")) || page.contains(&format!("name=\"{name}\"")) {
        return Err(format!("the page has a <meta name={name}> already: was this step run twice?"));
    }
    let at =
        page.find("</head>").ok_or_else(|| format!("no </head> to put <meta name={name}> in"))?;
    let (head, rest) = page.split_at(at);
    Ok(format!("{head}<meta name=\"{name}\" {attributes}>{rest}"))
}

/// `text` escaped for an attribute's quoted value or an element's text.
pub fn escaped(text: &str) -> String {
    text.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_meta_goes_at_the_end_of_the_head_once() {
        let page = with_meta("<head><title>t</title></head><body></body>", "x", "content=\"./a\"")
            .unwrap();
        assert_eq!(
            page,
            "<head><title>t</title><meta name=\"x\" content=\"./a\"></head><body></body>"
        );
        assert!(with_meta(&page, "x", "").unwrap_err().contains("twice"));
        assert!(with_meta("<head><meta name=x></head>", "x", "").unwrap_err().contains("twice"));
        assert!(with_meta(&page, "y", "").is_ok(), "another name");
        assert!(with_meta("<body></body>", "x", "").is_err(), "no head");
    }
}
