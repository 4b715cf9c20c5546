//! The code a host page pastes to embed one figure, and the links between the page's doors: out
//! of an embedded figure, between the lesson and the review workbench.

use crate::shared_names::embed::ELEMENT;
use crate::shared_names::files::{EMBED_PAGE, WORKBENCH_PAGE};
use crate::state::embed_layout::embed_height_css;
use crate::state::query::to_query;
use crate::state::review::Held;
use crate::state::view::View;
use crate::state::{Figure, State};

/// The host script (`embed.js`) as this build published it: its absolute address and its
/// subresource-integrity hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HostScript<'a> {
    pub src: &'a str,
    pub integrity: &'a str,
}

/// Keys that say how the page is shown, not what it computes: an embed or a link out of one
/// drops them and sets its own.
const VIEW_FIGURE_KEYS: [&str; 4] = ["embed", "present", "workbench", "held"];

/// Keys that only mean something beside one figure (which controls, whether its caption
/// shows): a link to the whole page drops them too, and so does a link to another door.
const DOOR_KEYS: [&str; 6] = ["embed", "present", "workbench", "controls", "caption", "held"];

/// The pairs of a query string (`?` and any `#fragment` dropped), without the keys in `drop`.
fn pairs_without<'a>(query: &'a str, drop: &'a [&str]) -> impl Iterator<Item = &'a str> {
    let query = query.split('#').next().unwrap_or("");
    query.strip_prefix('?').unwrap_or(query).split('&').filter(move |pair| {
        let key = pair.split('=').next().unwrap_or("");
        !pair.is_empty() && !drop.contains(&key)
    })
}

/// The pairs of a query string without the view keys that pick a figure.
fn scenario_pairs(query: &str) -> impl Iterator<Item = &str> {
    pairs_without(query, &VIEW_FIGURE_KEYS)
}

/// The width of a typical documentation column, for which the snippet sizes its frame before
/// the figure inside says how tall it is.
pub const DOCS_COLUMN_CSS_PX: f64 = 700.0;

/// The height a frame of `figure` at the settings in `settings` (a query, whose `controls=` and
/// `caption=` count) has in a [`DOCS_COLUMN_CSS_PX`] column, in whole CSS pixels.
pub fn starting_height_px(figure: Figure, settings: &str) -> u32 {
    let Sizing { controls, caption, plays } = Sizing::of(figure, settings);
    embed_height_css(DOCS_COLUMN_CSS_PX, controls, caption, plays).ceil() as u32
}

/// What of an embedded figure sets its height besides its width: the controls it shows, and
/// whether its caption and its player show (`state::embed_layout::embed_height_css`'s inputs).
struct Sizing {
    controls: usize,
    caption: bool,
    plays: bool,
}

impl Sizing {
    fn of(figure: Figure, settings: &str) -> Self {
        let (view, _) = View::parse(settings);
        Sizing {
            controls: view.controls.params(figure).len(),
            caption: view.caption,
            plays: crate::state::playback::plays(figure),
        }
    }
}

/// The settings of `query` that differ from the page's defaults (so a host's markup stays
/// short and readable), with any view key that picks a figure removed. The theme is kept.
pub fn settings(query: &str) -> String {
    let defaults = to_query(&State::default());
    let default_pairs: Vec<&str> = defaults.split('&').collect();
    scenario_pairs(query).filter(|pair| !default_pairs.contains(pair)).collect::<Vec<_>>().join("&")
}

/// Text safe inside a double-quoted HTML attribute.
fn attribute(text: &str) -> String {
    text.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;")
}

/// What the Embed button copies for `figure` at the settings in `query`: the host script
/// (loaded once however many figures a page has; its integrity hash pins this build's file) and
/// a `<crossover-figure>` element, which makes, labels and sizes the frame itself, so the host
/// needs no inline script or style. The script is not deferred: run where it stands, it defines
/// the element before the parser reaches it, so each frame has its height before the page is
/// first painted; deferred, the page could paint its figures at no height and then push all
/// that follows them down by a frame's height each.
pub fn snippet(figure: Figure, query: &str, script: HostScript) -> String {
    format!(
        "<script src=\"{}\" integrity=\"{}\" crossorigin=\"anonymous\"></script>\n{}",
        attribute(script.src),
        attribute(script.integrity),
        element(figure, query),
    )
}

/// The snippet's element for `figure` at the settings in `query`, without the host script.
pub fn element(figure: Figure, query: &str) -> String {
    format!(
        "<{ELEMENT} figure=\"{}\" query=\"{}\" height=\"{}\" layout=\"{}\"></{ELEMENT}>",
        figure.slug(),
        attribute(&settings(query)),
        starting_height_px(figure, query),
        layout(figure, query),
    )
}

/// What of an embedded figure sets its height besides its width ([`Sizing`]), for the host
/// script to size the frame at the width it has on the host page: `controls:N`, then
/// ` caption` and ` player` where they show.
pub fn layout(figure: Figure, settings: &str) -> String {
    let Sizing { controls, caption, plays } = Sizing::of(figure, settings);
    let caption = if caption { " caption" } else { "" };
    let player = if plays { " player" } else { "" };
    format!("controls:{controls}{caption}{player}")
}

/// Said instead of a snippet by a build whose page does not name its host script.
pub const NO_HOST_SCRIPT: &str = "This copy of the explainer was built without its host script (embed.js), so it has no snippet to offer. The README shows a bare iframe that works without it.";

/// The frame alone, for hosts that allow no script at all (the README shows it): it cannot
/// follow its content's height, so it is given the height it has in a docs column. `page` is
/// the explainer's address.
pub fn iframe(figure: Figure, settings: &str, page: &str) -> String {
    let query = if settings.is_empty() { String::new() } else { format!("{settings}&") };
    let src = format!("{}{EMBED_PAGE}?{query}embed={}", folder(page), figure.slug());
    format!(
        "<iframe src=\"{}\" title=\"Crossover: {}\" width=\"100%\" height=\"{}\" frameborder=\"0\" loading=\"lazy\" referrerpolicy=\"no-referrer\" sandbox=\"{SANDBOX}\" allow=\"clipboard-write\"></iframe>",
        attribute(&src),
        attribute(figure.title()),
        starting_height_px(figure, settings),
    )
}

/// What an embedded figure may do in its frame: run, keep its own origin (its wasm is fetched
/// from there with an integrity check), open the full explainer in a new tab that is not
/// sandboxed, and save its PNG, SVG and CSV files. Nothing else: no navigating the host, no
/// forms, no dialogs.
pub const SANDBOX: &str =
    "allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-downloads";

/// The address of the whole page at the settings in `query` (the address of a one-figure view
/// with its figure keys removed), for "Open the full explainer" and "Leave presentation mode".
pub fn full_page(page: &str, query: &str) -> String {
    let base = without_query(page);
    // The embed's and the workbench's own pages are not the explainer: their folder is.
    let base = base.strip_suffix(EMBED_PAGE).unwrap_or(base);
    let base = base.strip_suffix(WORKBENCH_PAGE).unwrap_or(base);
    format!("{base}?{}", pairs_without(query, &DOOR_KEYS).collect::<Vec<_>>().join("&"))
}

/// The folder of the explainer at `page`, with its trailing slash: the page's address without
/// its query, fragment and file name.
fn folder(page: &str) -> &str {
    let base = without_query(page);
    base.rfind('/').and_then(|at| base.get(..=at)).unwrap_or(base)
}

/// The address `page` without its query and fragment.
fn without_query(page: &str) -> &str {
    page.split(['?', '#']).next().unwrap_or(page)
}

/// `page` with the pairs of `query` but its doors' keys, and `extra` pairs after them.
fn page_at(page: &str, query: &str, extra: &[&str]) -> String {
    let pairs: Vec<&str> = pairs_without(query, &DOOR_KEYS).chain(extra.iter().copied()).collect();
    if pairs.is_empty() {
        page.to_string()
    } else {
        format!("{page}?{}", pairs.join("&"))
    }
}

/// The lesson at the settings of `query` (the page's current query), as a link relative to the
/// workbench's page, beside it: the workbench's way back.
pub fn lesson_href(query: &str) -> String {
    page_at("./", query, &[])
}

/// The review workbench's page at the settings of `query`, as a link relative to the page: the
/// lesson's way on, with its deployments, chip and runs as the reader left them.
pub fn workbench_href(query: &str) -> String {
    page_at(WORKBENCH_PAGE, query, &[])
}

/// The workbench's decision presented at the settings of `query`: Figure 5 on the whole
/// screen, stepped through the review's answer lengths, with the headline the card `held` the
/// pair to where the fitted lines alone would not give it.
pub fn present_review_href(query: &str, held: Option<Held>) -> String {
    let present = format!("present={}", Figure::Completion.slug());
    let held = held.map(|h| format!("held={}", h.key()));
    let extra: Vec<&str> = std::iter::once(present.as_str()).chain(held.as_deref()).collect();
    page_at(WORKBENCH_PAGE, query, &extra)
}

/// Where the chip calculator sits in the workbench: a link ending in it opens the calculator.
pub const CHIP_CALCULATOR_FRAGMENT: &str = "#chip-calculator";

/// The workbench's chip calculator, open, at the settings of `query`: the lesson's chip
/// section's way on.
pub fn chip_calculator_href(query: &str) -> String {
    format!("{}{CHIP_CALCULATOR_FRAGMENT}", workbench_href(query))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Param;

    const SCRIPT: HostScript =
        HostScript { src: "https://example.org/x/embed-0123abcd.js", integrity: "sha384-AbC+/=" };

    #[test]
    fn the_lesson_and_the_workbench_link_to_each_other_at_the_same_settings() {
        let state = State::default().with(Param::ATtft, 0.4).with(Param::BRate, 90.0);
        let settings = to_query(&state);
        let lesson = format!("{settings}&theme=dark");
        let workbench = workbench_href(&lesson);
        assert_eq!(workbench, format!("workbench.html?{settings}&theme=dark"));
        let query_of =
            |href: &str| href.split_once('?').map_or(String::new(), |(_, q)| q.to_string());
        assert_eq!(lesson_href(&query_of(&workbench)), format!("./?{settings}&theme=dark"));
        // Back and forth never piles up keys, and one figure's keys do not follow; a link made
        // when the workbench was `?workbench=1` on the lesson's page keeps its settings.
        assert_eq!(workbench_href(&query_of(&workbench)), workbench);
        assert_eq!(workbench_href(&format!("{lesson}&workbench=1")), workbench);
        assert_eq!(workbench_href("embed=timeline&controls=none&caption=0"), "workbench.html");
        assert_eq!(lesson_href(""), "./");
        assert_eq!(chip_calculator_href("chip=h200"), "workbench.html?chip=h200#chip-calculator");
        let read = crate::state::query::parse(&query_of(&workbench));
        assert!(read.notices.is_empty(), "{:?}", read.notices);
        assert_eq!(read.state, state);
        // Presenting the review keeps its settings, and presenting twice is once.
        let presented = present_review_href(&query_of(&workbench), None);
        assert_eq!(presented, format!("workbench.html?{settings}&theme=dark&present=completion"));
        assert_eq!(present_review_href(&query_of(&presented), None), presented);
        let view = View::parse(&query_of(&presented)).0;
        assert!(view.present == Some(Figure::Completion) && view.held.is_none());
        // The card's headline goes with it where the lines alone would not give it, once, and
        // no link out of the presentation keeps it.
        let held = present_review_href(&query_of(&workbench), Some(Held::NotComparable));
        assert!(held.ends_with("&present=completion&held=not-comparable"), "{held}");
        assert_eq!(present_review_href(&query_of(&held), Some(Held::NotComparable)), held);
        assert_eq!(View::parse(&query_of(&held)).0.held, Some(Held::NotComparable));
        assert!(!workbench_href(&query_of(&held)).contains("held="));
    }

    #[test]
    fn the_host_script_form_needs_no_inline_code_and_escapes_the_query() {
        let state = State::default().with(Param::Prompt, 20_000.0).with(Param::Decode, 40.0);
        let query = format!("{}&embed=timeline&present=lengths&theme=dark", to_query(&state));
        let code = snippet(Figure::Crossing, &query, SCRIPT);
        assert_eq!(
            code,
            format!("<script src=\"https://example.org/x/embed-0123abcd.js\" integrity=\"sha384-AbC+/=\" crossorigin=\"anonymous\"></script>\n<crossover-figure figure=\"crossing\" query=\"prompt=20000&amp;decode=40&amp;theme=dark\" height=\"{}\" layout=\"{}\"></crossover-figure>",
            starting_height_px(Figure::Crossing, ""), layout(Figure::Crossing, ""))
        );
        assert!(!code.contains("style=") && !code.contains("<script>"));
    }

    #[test]
    fn the_default_settings_embed_with_an_empty_query() {
        assert_eq!(settings(&to_query(&State::default())), "");
        let code = snippet(Figure::Lengths, "?embed=lengths", SCRIPT);
        assert!(code.contains("<crossover-figure figure=\"lengths\" query=\"\" height=\""));
    }

    #[test]
    fn the_starting_height_follows_the_chosen_controls_and_caption() {
        let own = starting_height_px(Figure::Timeline, "prompt=9");
        let fewer = starting_height_px(Figure::Timeline, "controls=prompt,decode");
        let bare = starting_height_px(Figure::Timeline, "controls=none&caption=0");
        assert!(own > fewer && fewer > bare, "{own} > {fewer} > {bare}");
        assert_eq!(own, embed_height_css(DOCS_COLUMN_CSS_PX, 6, true, true).ceil() as u32);
        assert!(own <= 640);
    }

    #[test]
    fn the_bare_frame_is_sandboxed_labelled_and_escaped() {
        let code = iframe(
            Figure::Timeline,
            &settings("?output=50&embed=crossing"),
            "https://a.test/c/?x#y",
        );
        assert!(
            code.starts_with(
                "<iframe src=\"https://a.test/c/embed.html?output=50&amp;embed=timeline\""
            ),
            "{code}"
        );
        assert!(code.contains("title=\"Crossover: One request on a clock\""), "{code}");
        assert!(code.contains(&format!("sandbox=\"{SANDBOX}\"")));
        assert!(
            code.contains("referrerpolicy=\"no-referrer\"")
                && code.contains("allow=\"clipboard-write\"")
        );
        assert!(!code.contains("style="));
    }

    #[test]
    fn the_readme_shows_the_bare_frame_as_built_here() {
        let readme = include_str!("../../README.md");
        let frame =
            iframe(Figure::Timeline, "prompt=20000&decode=40", "https://crossover.example.org/");
        assert!(readme.contains(&frame), "README.md should show {frame}");
    }

    #[test]
    fn the_host_script_sizes_a_frame_by_the_embeds_own_geometry() {
        use crate::state::embed_layout as geometry;
        let script = include_str!("../embed.js");
        let line = format!(
            "const LAYOUT = {{ side: {}, padY: {}, caption: {}, captionNarrow: {}, narrowFrame: {}, gap: {}, control: {}, controlMin: {}, bar: {}, player: {}, canvasShare: {}, canvasMin: {}, canvasMax: {} }};",
            geometry::SIDE_PX,
            geometry::PAD_Y_PX,
            geometry::CAPTION_PX,
            geometry::CAPTION_NARROW_PX,
            geometry::NARROW_FRAME_PX,
            geometry::GAP_PX,
            geometry::CONTROL_PX,
            geometry::CONTROL_MIN_WIDTH_PX,
            geometry::BAR_PX,
            geometry::PLAYER_PX,
            geometry::CANVAS_SHARE,
            geometry::CANVAS_MIN_PX,
            geometry::CANVAS_MAX_PX,
        );
        assert!(script.contains(&line), "src/embed.js lacks {line}");
    }

    #[test]
    fn the_layout_names_the_controls_caption_and_player_the_height_follows() {
        let own = Figure::Timeline.own_controls().len();
        assert_eq!(layout(Figure::Timeline, ""), format!("controls:{own} caption player"));
        assert_eq!(layout(Figure::Crossing, "controls=none&caption=0"), "controls:0");
        assert_eq!(
            layout(Figure::Timeline, "controls=prompt,decode&caption=0"),
            "controls:2 player"
        );
        let code = snippet(Figure::Crossing, "", HostScript { src: "e.js", integrity: "sha384-x" });
        assert!(code.contains(&format!(" layout=\"{}\"", layout(Figure::Crossing, ""))), "{code}");
    }

    #[test]
    fn the_host_script_titles_frames_as_the_figures_are_captioned() {
        let script = include_str!("../embed.js");
        for figure in Figure::ALL {
            let line = format!("{}: '{}',", figure.slug(), figure.title());
            assert!(script.contains(&line), "src/embed.js lacks {line}");
        }
        assert!(script.contains(&format!("const SANDBOX = '{SANDBOX}';")), "the same sandbox");
    }

    #[test]
    fn links_out_of_a_figure_drop_only_the_figure_keys() {
        assert_eq!(
            full_page(
                "https://a.test/c/?embed=timeline&prompt=1#x",
                "prompt=900&embed=timeline&theme=dark&present=crossing&controls=none&caption=0"
            ),
            "https://a.test/c/?prompt=900&theme=dark"
        );
        assert_eq!(full_page("https://a.test/", ""), "https://a.test/?");
        assert_eq!(
            full_page("https://a.test/c/embed.html?embed=timeline&prompt=1", "prompt=900"),
            "https://a.test/c/?prompt=900"
        );
    }

    #[test]
    fn the_bare_frame_opens_the_embed_page_beside_the_explainer() {
        for page in ["https://a.test/c/", "https://a.test/c/index.html?prompt=3#top"] {
            let code = iframe(Figure::Crossing, "", page);
            assert!(code.contains("src=\"https://a.test/c/embed.html?embed=crossing\""), "{code}");
        }
    }
}
