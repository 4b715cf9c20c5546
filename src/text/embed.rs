//! The code a host page pastes to embed one figure.

use crate::state::Figure;

/// The iframe and the few lines a host page needs to size it, for the page at `href` (whose
/// own query is kept, minus any view key) served from `origin`. The host checks the message's
/// origin, and the message carries nothing but a height.
pub fn snippet(figure: Figure, href: &str, origin: &str) -> String {
    let (base, query) = href.split_once('?').unwrap_or((href, ""));
    let query: Vec<&str> = query
        .split('#')
        .next()
        .unwrap_or("")
        .split('&')
        .filter(|p| !p.is_empty() && !p.starts_with("embed=") && !p.starts_with("present="))
        .collect();
    let src = format!("{base}?{}&embed={}", query.join("&"), figure.slug());
    format!(
        r#"<iframe src="{src}" title="Crossover: {title}" style="width:100%;border:0;height:520px" loading="lazy"></iframe>
<script>
  // Resize the Crossover iframe to fit its content. Only messages from its origin are trusted.
  window.addEventListener("message", function (event) {{
    if (event.origin !== "{origin}" || !event.data || event.data.type !== "crossover:height") return;
    var height = Number(event.data.height);
    if (!(height > 0 && height < 20000)) return;
    document.querySelectorAll("iframe").forEach(function (frame) {{
      if (frame.contentWindow === event.source) frame.style.height = Math.ceil(height) + "px";
    }});
  }});
</script>"#,
        title = figure.title()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_settings_and_drops_other_view_keys() {
        let code = snippet(
            Figure::Crossing,
            "https://example.org/x/?prompt=20000&embed=timeline&present=lengths#top",
            "https://example.org",
        );
        assert!(
            code.contains(r#"src="https://example.org/x/?prompt=20000&embed=crossing""#),
            "{code}"
        );
        assert!(code.contains(r#"event.origin !== "https://example.org""#), "{code}");
        assert!(code.contains(Figure::Crossing.title()));
        assert!(!code.contains("present="));
    }
}
