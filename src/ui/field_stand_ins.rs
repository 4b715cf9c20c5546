//! The typed fields of the markup written at build time, written as the text they show.
//!
//! As a page finishes parsing, Chrome's autofill asks every text field whether it can take the
//! focus, and answering lays the field out. A field in a section the browser is skipping
//! (`content-visibility: auto`, everything below the first screen) makes it lay out that whole
//! section, at once, on a phone's main thread: the skipping is undone for every section with a
//! field. The prerendered lesson has no use for a field anyway: until the live page has built a
//! section, a value typed there would be lost, and without the wasm nothing reads it. So each
//! one is written as a box with the same look holding the same text; the live page's fields
//! replace them with their sections. Sliders, radios and buttons stay: measured, they do not
//! set off that layout.

/// `html` with each `<input type="text">` and each `<textarea>` written as a
/// `<span class="typed-stand-in">` of the same size (style/main.css), keeping its id, its
/// classes, its test id and what describes it, with its value as its text.
pub fn stand_in_text_fields(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = next_field(rest) {
        let (before, from_tag) = rest.split_at(at);
        out.push_str(before);
        let Some(len) = tag_len(from_tag) else {
            out.push_str(from_tag);
            return out;
        };
        let (tag, after) = from_tag.split_at(len);
        if tag.starts_with("<textarea") {
            const CLOSE: &str = "</textarea>";
            let Some(end) = after.find(CLOSE) else {
                out.push_str(from_tag);
                return out;
            };
            let (text, after_close) = after.split_at(end);
            out.push_str(&span(&attributes(tag), text));
            rest = after_close.get(CLOSE.len()..).unwrap_or_default();
            continue;
        }
        match stand_in(tag) {
            Some(span) => out.push_str(&span),
            None => out.push_str(tag),
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// Where the next `<input` or `<textarea` tag starts.
fn next_field(html: &str) -> Option<usize> {
    match (html.find("<input"), html.find("<textarea")) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The length of the tag at the start of `html`, up to and including its `>`, skipping any `>`
/// inside a quoted value.
fn tag_len(html: &str) -> Option<usize> {
    let mut quote = None;
    for (i, c) in html.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '>') => return Some(i + c.len_utf8()),
            _ => {}
        }
    }
    None
}

/// The attributes of a tag as written (`name="value"`, or a bare `name` with an empty value).
fn attributes(tag: &str) -> Vec<(&str, &str)> {
    let inner = tag.trim_start_matches('<').trim_end_matches('>').trim_end_matches('/');
    let mut found = Vec::new();
    let mut rest = inner.split_once(char::is_whitespace).map_or("", |(_, r)| r);
    loop {
        rest = rest.trim_start();
        let name_end = rest.find(|c: char| c == '=' || c.is_whitespace()).unwrap_or(rest.len());
        if name_end == 0 {
            return found;
        }
        let (name, after) = rest.split_at(name_end);
        if let Some(value_part) = after.strip_prefix('=') {
            let quote = value_part.chars().next().filter(|q| *q == '"' || *q == '\'');
            let (value, next) = match quote {
                Some(q) => {
                    let body = value_part.get(1..).unwrap_or_default();
                    let end = body.find(q).unwrap_or(body.len());
                    (body.get(..end).unwrap_or_default(), body.get(end + 1..).unwrap_or_default())
                }
                None => {
                    let end = value_part.find(char::is_whitespace).unwrap_or(value_part.len());
                    value_part.split_at(end)
                }
            };
            found.push((name, value));
            rest = next;
        } else {
            found.push((name, ""));
            rest = after;
        }
    }
}

/// The stand-in for one `<input>` tag, or `None` when it is not a text field.
fn stand_in(tag: &str) -> Option<String> {
    let attributes = attributes(tag);
    let value = |name: &str| attributes.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
    (value("type")? == "text").then(|| span(&attributes, value("value").unwrap_or_default()))
}

/// The span standing in for a field with these attributes, showing `text`. Text stays as the
/// renderer escaped it: escaped for an attribute, it is escaped for an element too.
fn span(attributes: &[(&str, &str)], text: &str) -> String {
    let value = |name: &str| attributes.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
    let class = match value("class") {
        Some(class) if !class.is_empty() => format!("typed-stand-in {class}"),
        _ => "typed-stand-in".to_owned(),
    };
    let mut span = format!("<span class=\"{class}\"");
    for name in ["id", "data-testid", "aria-describedby"] {
        if let Some(value) = value(name) {
            span.push_str(&format!(" {name}=\"{value}\""));
        }
    }
    format!("{span}>{text}</span>")
}

#[cfg(test)]
mod tests {
    use super::stand_in_text_fields;

    #[test]
    fn a_text_field_becomes_its_value_in_a_box() {
        let html = r#"<label for="prompt-field">Prompt</label><input id="prompt-field" type="text" inputmode="decimal" autocomplete="off" data-testid="prompt-input" aria-describedby="prompt-hint prompt-error" aria-invalid="false" value="16000"><span class="unit">tokens</span>"#;
        assert_eq!(
            stand_in_text_fields(html),
            r#"<label for="prompt-field">Prompt</label><span class="typed-stand-in" id="prompt-field" data-testid="prompt-input" aria-describedby="prompt-hint prompt-error">16000</span><span class="unit">tokens</span>"#
        );
    }

    #[test]
    fn sliders_radios_and_files_stay_and_a_field_without_a_value_is_an_empty_box() {
        let kept = r#"<input type="range" min="0" max="1000" value="500"><input type="radio" name="a" checked><input type="file" multiple>"#;
        assert_eq!(stand_in_text_fields(kept), kept);
        assert_eq!(
            stand_in_text_fields(
                r#"<p><input class="wide" type="text" data-testid="guess-input"/></p>"#
            ),
            r#"<p><span class="typed-stand-in wide" data-testid="guess-input"></span></p>"#
        );
    }

    #[test]
    fn a_quoted_angle_bracket_does_not_end_the_tag_and_a_broken_tag_is_left_as_it_is() {
        assert_eq!(
            stand_in_text_fields(r#"<input type="text" title="a > b" value="3">!"#),
            r#"<span class="typed-stand-in">3</span>!"#
        );
        assert_eq!(
            stand_in_text_fields(r#"x<input type="text" value="3""#),
            r#"x<input type="text" value="3""#
        );
        assert_eq!(stand_in_text_fields("no fields"), "no fields");
    }

    #[test]
    fn a_text_area_becomes_its_text_in_a_box() {
        assert_eq!(
            stand_in_text_fields(
                r#"<label for="paste">Paste</label><textarea id="paste" data-testid="paste" rows="6">a,b</textarea><button>Go</button>"#
            ),
            r#"<label for="paste">Paste</label><span class="typed-stand-in" id="paste" data-testid="paste">a,b</span><button>Go</button>"#
        );
        assert_eq!(stand_in_text_fields("<textarea>open"), "<textarea>open");
    }
}
