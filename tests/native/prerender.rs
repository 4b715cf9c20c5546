//! The lesson's markup written into index.html at build time: the whole lesson, at its
//! defaults, from the same components the browser runs.

use crossover::shared_names::takeover;
use crossover::site::{lesson_html, workbench_html};
use crossover::state::{Figure, Param, State};
use crossover::text::veil::veiled_figure;

/// The text a reader sees: tags dropped, the entities the renderer writes decoded.
fn visible_text(html: &str) -> String {
    let mut text = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&amp;", "&")
}

#[test]
fn every_section_of_the_lesson_has_its_heading() {
    let html = lesson_html();
    for section in [
        "opening",
        "phases",
        "challenge",
        "crossing",
        "streaming",
        "advice",
        "hardware",
        "deployments",
        "deeper",
        "summary",
    ] {
        let id = format!("<h2 id=\"{section}-title\">");
        let at = html.find(&id).unwrap_or_else(|| panic!("no heading {id}"));
        let heading = &html[at + id.len()..];
        let words = &heading[..heading.find("</h2>").expect("the heading closes")];
        assert!(words.trim().len() > 3, "{section}'s heading is empty: {words:?}");
    }
    assert_eq!(html.matches("<h1>").count(), 1);
}

#[test]
fn every_figure_has_its_text_alternative_and_a_place_that_says_why_it_is_empty() {
    let html = lesson_html();
    let text = visible_text(&html);
    // Figures 2 and 5 would state a prediction's answer: until it is guessed their place stands
    // blurred with a line saying why, never their text alternative; Figure 6 waits inside its
    // part of the deployments lab. Figures 1 and 4 state no answer and are described at once.
    for figure in Figure::ALL {
        let summary = figure.inputs(&State::default()).summary();
        assert!(!summary.is_empty());
        let slot = format!("data-testid=\"{}-waiting\"", figure.slug());
        match figure {
            Figure::Timeline | Figure::Roofline | Figure::Streaming | Figure::Clocks => {
                assert!(text.contains(&summary), "{} summary missing: {summary}", figure.slug());
                assert_eq!(html.matches(&slot).count(), 1, "{slot}");
            }
            Figure::Crossing | Figure::Completion | Figure::Bend => {
                assert!(!text.contains(&summary), "{} says its answer", figure.slug());
                assert!(text.contains(&veiled_figure(figure)), "{} says why not", figure.slug());
                assert_eq!(html.matches(&slot).count(), 1, "{slot}");
            }
            Figure::Lengths => assert_eq!(html.matches(&slot).count(), 0, "{slot}"),
        }
    }
    assert_eq!(
        text.matches("drawn by WebAssembly").count(),
        Figure::ALL.len() - 1,
        "one line per figure in the page saying what draws it"
    );
}

#[test]
fn no_number_is_broken_and_nothing_from_the_browser_is_missing() {
    let html = lesson_html();
    let text = visible_text(&html);
    for bad in ["NaN", "inf ", "undefined", "Infinity"] {
        assert!(!text.contains(bad), "the lesson shows {bad:?}");
    }
    // The controls show their defaults: a slider as its attribute (the markup has no DOM
    // properties), a typed field as the text of its stand-in.
    let prompt = State::default().get(Param::Prompt);
    let field = html.find("data-testid=\"prompt-input\"").expect("the prompt field");
    let tag_end = field + html[field..].find('>').expect("the tag closes");
    assert!(
        html[tag_end..].starts_with(&format!(">{prompt}</span>")),
        "{}",
        &html[field..tag_end + 20]
    );
    let slider = html.find("data-testid=\"prompt-slider\"").expect("the prompt slider");
    let slider_tag = &html[html[..slider].rfind('<').expect("the tag opens")..];
    let slider_tag = &slider_tag[..slider_tag.find('>').expect("the tag closes")];
    assert!(slider_tag.contains(" value=\""), "{slider_tag}");
}

#[test]
fn the_markup_has_no_text_field_for_the_browser_to_lay_out_as_it_loads() {
    let html = lesson_html();
    assert!(!html.contains("type=\"text\""), "a text field in the prerendered lesson");
    assert!(!html.contains("<textarea"), "a text area in the prerendered lesson");
    // Every typed field's test id (`…-input`) is on a stand-in showing its text.
    let mut fields = 0;
    for (at, _) in html.match_indices("-input\"") {
        let tag = &html[html[..at].rfind('<').expect("the tag opens")..at];
        assert!(tag.starts_with("<span class=\"typed-stand-in"), "{tag}");
        fields += 1;
    }
    // Every control the defaults show; the router's threshold waits for the crossover's guess.
    assert!(fields >= 20, "the lesson's typed fields: {fields}");
}

#[test]
fn the_markup_holds_nothing_the_content_security_policy_refuses() {
    // index.html allows no inline style or script: a `style` attribute or an inline handler in
    // the markup would be refused (and reported) by every browser.
    let html = lesson_html();
    assert!(!html.contains(" style="), "an inline style attribute");
    assert!(!html.contains("<script"), "an inline script");
    for handler in [" onclick=", " oninput=", " onchange=", " onload=", " onerror="] {
        assert!(!html.contains(handler), "an inline handler {handler}");
    }
}

#[test]
fn the_markup_carries_the_names_the_takeover_and_the_start_script_look_for() {
    let html = lesson_html();
    // The takeover pairs the prerendered and live children of each container built in stages:
    // the masthead's tools, the main element, and the first lab's text and panel.
    let staged = html.matches(&format!(" {}", takeover::STAGED)).count();
    assert!(staged >= 4, "containers marked {}: {staged}", takeover::STAGED);
    // Nothing stands in yet, and the lesson goes inside index.html's element, beside which the
    // live page mounts: neither id may be in it.
    assert!(!html.contains(takeover::STANDING_IN));
    for id in [takeover::PRERENDERED_ID, takeover::MOUNT_ID] {
        assert!(!html.contains(&format!(" id=\"{id}\"")), "the markup holds #{id}");
    }
}

/// Each block of fixed prose is written once, under its own name, with its words: the live page
/// copies it by that name (`ui::arrival::prose`), so a name used twice would copy the wrong words
/// into one of its places, and an empty block would copy nothing.
#[test]
fn every_block_of_fixed_prose_has_a_name_of_its_own_and_words() {
    let html = lesson_html();
    let marker = format!("{}=\"", takeover::PROSE);
    let mut names = Vec::new();
    for (at, _) in html.match_indices(&marker) {
        let rest = &html[at + marker.len()..];
        let name = &rest[..rest.find('"').expect("the name's quote closes")];
        let body = &rest[rest.find('>').expect("the wrapper's tag closes") + 1..];
        let words = visible_text(&body[..body.find("</div>").expect("the wrapper closes")]);
        assert!(words.trim().len() > 20, "the prose named {name} is empty: {words:?}");
        names.push(name.to_string());
    }
    assert!(names.len() >= 8, "the lesson's fixed prose is written in named blocks: {names:?}");
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "a name is used twice: {names:?}");
}

/// The advice on trimming the prompt says what the crossing section and the streaming section
/// say of the same request: the first token always waits for the whole prompt, so trimming it
/// is how any streamed reply feels quicker; the finish moves much only past the crossing.
#[test]
fn the_advice_on_the_prompt_agrees_with_the_crossing_and_streaming() {
    let html = lesson_html();
    let marker = format!("{}=\"advice-list\"", takeover::PROSE);
    let at = html.find(&marker).expect("the advice is fixed prose");
    let block = &html[at..];
    let list = visible_text(&block[..block.find("</ul>").expect("the advice is a list")]);
    let prompt = list.split(". ").filter(|s| s.contains("prompt")).collect::<Vec<_>>().join(". ");
    assert!(prompt.contains("first token"), "the prompt sets the first token: {prompt}");
    assert!(prompt.contains("crossing"), "and the finish past the crossing: {prompt}");
    assert!(!prompt.contains("hardly"), "no request is told the prompt hardly matters: {prompt}");
}

/// The workbench's own page holds the workbench at its defaults, every part a reviewer reads
/// (its inputs, the decision, Figure 5 and where rates come from), and none of the lesson.
#[test]
fn the_workbench_page_holds_the_workbench_and_none_of_the_lesson() {
    let html = workbench_html();
    let text = visible_text(&html);
    assert!(html.contains("class=\"workbench\""), "the workbench's main element");
    for part in [
        "Two deployments, one decision",
        "Copy for the design doc",
        "Two chips: rates from the roofline",
        "Two result files: rates measured on your deployments",
    ] {
        assert!(text.contains(part), "the workbench page says {part:?}");
    }
    for id in ["decision", "completion-waiting"] {
        assert!(html.contains(&format!("data-testid=\"{id}\"")), "{id} is written in");
    }
    assert_eq!(html.matches("<h1>").count(), 1);
    assert!(!html.contains("<h2 id=\"opening-title\">"), "none of the lesson's sections");
    // The prose the workbench copies in the browser is written into its page.
    let lesson = lesson_html();
    for key in ["hardware-caveats", "hardware-sources"] {
        let wrapper = format!("data-prose=\"{key}\"");
        assert_eq!(lesson.contains(&wrapper), html.contains(&wrapper), "{key}");
    }
}
