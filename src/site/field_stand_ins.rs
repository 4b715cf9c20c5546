//! Part of step 1: the typed fields of the markup written at build time, written as the text
//! they show.
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

use super::markup::{escaped, tags, value};

/// `html` with each `<input type="text">` and each `<textarea>` written as a
/// `<span class="typed-stand-in">` of the same size (style/main.css), keeping its id, its
/// classes, its test id and what describes it, with its value as its text.
pub fn stand_in_text_fields(html: &str) -> String {
    const CLOSE: &str = "</textarea>";
    // Each field as the part of `html` it spans and the span written in its place.
    let mut fields: Vec<(usize, usize, String)> = tags(html, "input")
        .filter(|(_, _, attributes)| value(attributes, "type") == Some("text"))
        .map(|(start, end, attributes)| {
            let text = escaped(value(&attributes, "value").unwrap_or_default());
            (start, end, span(&attributes, &text))
        })
        .collect();
    // A text area's text is the markup's already, escaped by the renderer.
    fields.extend(tags(html, "textarea").filter_map(|(start, end, attributes)| {
        let close = end + html.get(end..)?.find(CLOSE)?;
        Some((start, close + CLOSE.len(), span(&attributes, html.get(end..close)?)))
    }));
    fields.sort_by_key(|(start, _, _)| *start);
    let mut out = String::with_capacity(html.len());
    let mut copied = 0;
    for (start, end, span) in fields {
        out.push_str(html.get(copied..start).unwrap_or_default());
        out.push_str(&span);
        copied = end;
    }
    out.push_str(html.get(copied..).unwrap_or_default());
    out
}

/// The span standing in for a field with these attributes, showing `text` (markup).
fn span(attributes: &[(String, String)], text: &str) -> String {
    let class = match value(attributes, "class") {
        Some(class) if !class.is_empty() => format!("typed-stand-in {class}"),
        _ => "typed-stand-in".to_owned(),
    };
    let mut span = format!("<span class=\"{}\"", escaped(&class));
    for name in ["id", "data-testid", "aria-describedby"] {
        if let Some(found) = value(attributes, name) {
            span.push_str(&format!(" {name}=\"{}\"", escaped(found)));
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
