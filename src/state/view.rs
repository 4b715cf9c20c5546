//! How the page is shown, apart from what it computes: one embedded figure, presentation mode,
//! the review workbench, and the colour theme. These live in the URL beside the state, so an embed or a projector
//! link keeps its look on reload, but they are not part of a shared scenario.

use super::notice::excerpt;
use super::query::{pairs, repeated};
use super::review::Held;
use super::{Figure, Notice, Param};

crate::keyed::keyed! {
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub enum Theme {
        /// Follow the operating system's `prefers-color-scheme`.
        #[default]
        Auto => "auto",
        Light => "light",
        Dark => "dark",
    }
}

/// Which controls a one-figure view shows beside its figure.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum ControlChoice {
    /// The figure's own few ([`Figure::own_controls`]).
    #[default]
    Own,
    /// Exactly these, in this order; none at all shows the figure alone.
    Chosen(Vec<Param>),
}

impl ControlChoice {
    /// The controls to show for `figure`, in order.
    pub fn params(&self, figure: Figure) -> Vec<Param> {
        match self {
            ControlChoice::Own => figure.own_controls().to_vec(),
            ControlChoice::Chosen(params) => params.clone(),
        }
    }

    /// Reads a `controls=` value: URL keys separated by commas, or `none`. Keys it does not
    /// know, and keys given twice, are left out and named in the returned message (`None` when
    /// everything was understood). A value that names no usable key keeps the figure's own.
    fn parse(value: &str) -> (ControlChoice, Option<String>) {
        let value = value.trim();
        if value == "none" {
            return (ControlChoice::Chosen(Vec::new()), None);
        }
        let mut chosen: Vec<Param> = Vec::new();
        let mut refused: Vec<&str> = Vec::new();
        for name in value.split(',').map(str::trim) {
            match Param::from_key(name) {
                Some(param) if !chosen.contains(&param) => chosen.push(param),
                _ => refused.push(name),
            }
        }
        // A crafted link can list thousands: the message names a few and counts the rest.
        const NAMED: usize = 5;
        let named = refused
            .iter()
            .take(NAMED)
            .map(|name| format!("“{}”", excerpt(name)))
            .collect::<Vec<_>>()
            .join(", ");
        let more = refused.len().saturating_sub(NAMED);
        let more = if more > 0 { format!(" and {more} more") } else { String::new() };
        let message = (!refused.is_empty()).then(|| {
            if chosen.is_empty() {
                format!("Controls (controls): {named}{more} names no control (“none”, or keys from the URL table such as “prompt,decode”); showing the figure’s own.")
            } else {
                format!("Controls (controls): left out {named}{more}, which is not a control or was already listed.")
            }
        });
        let choice =
            if chosen.is_empty() { ControlChoice::Own } else { ControlChoice::Chosen(chosen) };
        (choice, message)
    }

    fn to_value(&self) -> Option<String> {
        match self {
            ControlChoice::Own => None,
            ControlChoice::Chosen(params) if params.is_empty() => Some("none".to_string()),
            ControlChoice::Chosen(params) => {
                Some(params.iter().map(|p| p.spec().key).collect::<Vec<_>>().join(","))
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// `?embed=<figure>`: that figure and its controls, nothing else.
    pub embed: Option<Figure>,
    /// `?present=<figure>`: one figure in large type for a projector.
    pub present: Option<Figure>,
    /// `?workbench=1`: the review workbench, two deployments and one decision, in place of the
    /// lesson.
    pub workbench: bool,
    pub theme: Theme,
    /// `?controls=`: which controls a one-figure view shows.
    pub controls: ControlChoice,
    /// `?caption=0` hides a one-figure view's caption from sight (screen readers keep it).
    pub caption: bool,
    /// `?held=`: the headline the workbench's card gave, for its presentation (`state::review`).
    pub held: Option<Held>,
}

impl Default for View {
    fn default() -> Self {
        View {
            embed: None,
            present: None,
            workbench: false,
            theme: Theme::Auto,
            controls: ControlChoice::Own,
            caption: true,
            held: None,
        }
    }
}

impl View {
    /// Reads the view keys of a query string; unknown values are named in notices. A key given
    /// more than once uses its last value and is named once, like the state's keys, however
    /// often a crafted link repeats it.
    pub fn parse(query: &str) -> (View, Vec<Notice>) {
        const KEYS: [(&str, &str); 7] = [
            ("embed", "Embedded figure"),
            ("present", "Presentation figure"),
            ("workbench", "Workbench"),
            ("theme", "Theme"),
            ("controls", "Controls"),
            ("caption", "Caption"),
            ("held", "Review's headline"),
        ];
        // Read as far as the state is (the notice for the rest is the state's).
        let (query, _) = super::query::read_part(query);
        // The last value of each key and how many times it was given, in KEYS order.
        let mut given: [(usize, String); 7] = Default::default();
        for (key, value) in pairs(query) {
            let Some(slot) =
                KEYS.iter().position(|(k, _)| *k == key).and_then(|i| given.get_mut(i))
            else {
                continue;
            };
            slot.0 += 1;
            slot.1 = value;
        }
        let mut view = View::default();
        let mut notices = Vec::new();
        let figures =
            Figure::ALL.iter().map(|f| format!("“{}”", f.slug())).collect::<Vec<_>>().join(", ");
        for ((key, label), (times, value)) in KEYS.into_iter().zip(given) {
            if times > 1 {
                notices.push(repeated(label, key, times, &value));
            }
            if times == 0 {
                continue;
            }
            let value_text = value.as_str();
            let understood = match key {
                "embed" => {
                    view.embed = Figure::from_slug(value_text);
                    view.embed.is_some()
                }
                "present" => {
                    view.present = Figure::from_slug(value_text);
                    view.present.is_some()
                }
                "controls" => {
                    let (choice, message) = ControlChoice::parse(value_text);
                    view.controls = choice;
                    if let Some(message) = message {
                        notices.push(Notice { key: key.to_string(), message });
                    }
                    true
                }
                // A bare `?workbench` opens it too: the key alone says what is meant.
                "workbench" => match value_text {
                    "1" | "" => {
                        view.workbench = true;
                        true
                    }
                    "0" => true,
                    _ => false,
                },
                "held" => {
                    view.held = Held::from_key(value_text);
                    view.held.is_some()
                }
                "caption" => match value_text {
                    "0" => {
                        view.caption = false;
                        true
                    }
                    "1" => true,
                    _ => false,
                },
                _ => Theme::from_key(value_text).map(|t| view.theme = t).is_some(),
            };
            if understood {
                continue;
            }
            let message = refusal(label, key, &value, &figures);
            notices.push(Notice { key: key.to_string(), message });
        }
        (view, notices)
    }

    /// The view keys to keep in the address bar, appended to the state's query.
    pub fn to_query(&self) -> String {
        let mut out = String::new();
        if let Some(f) = self.embed {
            out.push_str(&format!("&embed={}", f.slug()));
        }
        if let Some(f) = self.present {
            out.push_str(&format!("&present={}", f.slug()));
        }
        if self.workbench {
            out.push_str("&workbench=1");
        }
        if self.theme != Theme::Auto {
            out.push_str(&format!("&theme={}", self.theme.key()));
        }
        if let Some(controls) = self.controls.to_value() {
            out.push_str(&format!("&controls={controls}"));
        }
        if !self.caption {
            out.push_str("&caption=0");
        }
        if let Some(held) = self.held {
            out.push_str(&format!("&held={}", held.key()));
        }
        out
    }
}

/// What the page says of a view key's value it does not understand, and what it does instead.
fn refusal(label: &str, key: &str, value: &str, figures: &str) -> String {
    match key {
        "caption" => format!("{label} ({key}): “{}” is not “0” (hidden) or “1” (shown); showing it.", excerpt(value)),
        "workbench" => format!("{label} ({key}): “{}” is not “1” (the workbench) or “0” (the lesson); showing the lesson.", excerpt(value)),
        "held" => format!("{label} ({key}): “{}” is not one the workbench writes; the presentation states the verdict of the fitted lines.", excerpt(value)),
        "theme" => format!("{label} ({key}): “{}” is not “auto”, “light” or “dark”; following the system setting.", excerpt(value)),
        _ => format!("{label} ({key}): there is no figure called “{}”; the choices are {figures}. Showing the whole page.", excerpt(value)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_held_headline_is_read_and_a_strange_one_named() {
        let (view, notices) = View::parse("present=completion&held=either");
        assert_eq!(view.held, Some(Held::EitherMayFinishFirst));
        assert!(notices.is_empty(), "{notices:?}");
        assert!(view.to_query().ends_with("&held=either"));
        let (view, notices) = View::parse("present=completion&held=ship-b");
        assert_eq!(view.held, None);
        assert!(
            notices[0].message.contains("ship-b\u{2069}” is not one the workbench writes"),
            "{notices:?}"
        );
    }

    #[test]
    fn reads_the_view_keys_and_writes_them_back() {
        let (view, notices) = View::parse("?prompt=5&embed=crossing&theme=dark");
        assert!(notices.is_empty());
        assert_eq!(
            view,
            View { embed: Some(Figure::Crossing), theme: Theme::Dark, ..View::default() }
        );
        assert_eq!(view.to_query(), "&embed=crossing&theme=dark");
        assert_eq!(View::default().to_query(), "");
    }

    #[test]
    fn unknown_values_are_named_and_ignored() {
        let (view, notices) = View::parse("present=pie&theme=purple");
        assert_eq!(view, View::default());
        assert_eq!(notices.len(), 2);
        assert!(crate::state::notice::plain(&notices[0].message).contains("“pie”"));
        assert_eq!(notices[1].key, "theme");
    }

    #[test]
    fn repeated_keys_are_named_once_and_the_last_value_wins() {
        // 6,400 characters: the page reads up to 8,000 (`query::read_part`).
        let query = format!("{}embed=lengths&theme=dark", "theme&embed=pie&".repeat(400));
        let (view, notices) = View::parse(&query);
        assert_eq!(
            view,
            View { embed: Some(Figure::Lengths), theme: Theme::Dark, ..View::default() }
        );
        assert_eq!(notices.len(), 2, "{notices:?}");
        assert!(notices[0].message.contains("(401 times)"), "{}", notices[0].message);
        let (_, bad_last) = View::parse("present=timeline&present=pie");
        assert_eq!(bad_last.len(), 2, "repeated, and the last value unknown");
    }

    #[test]
    fn chosen_controls_keep_their_order_and_none_means_none() {
        let (view, notices) = View::parse("embed=timeline&controls=decode,%20prompt&caption=0");
        assert!(notices.is_empty(), "{notices:?}");
        assert_eq!(view.controls, ControlChoice::Chosen(vec![Param::Decode, Param::Prompt]));
        assert_eq!(view.controls.params(Figure::Timeline), vec![Param::Decode, Param::Prompt]);
        assert!(!view.caption);
        assert_eq!(view.to_query(), "&embed=timeline&controls=decode,prompt&caption=0");
        let (none, _) = View::parse("controls=none");
        assert!(none.controls.params(Figure::Crossing).is_empty());
        assert_eq!(none.to_query(), "&controls=none");
        let (own, _) = View::parse("caption=1");
        assert_eq!(own, View::default());
        assert_eq!(own.controls.params(Figure::Crossing), Figure::Crossing.own_controls());
    }

    #[test]
    fn unknown_and_repeated_controls_are_named_and_left_out() {
        let (view, notices) = View::parse("controls=prompt,pie,,prompt,decode");
        assert_eq!(view.controls, ControlChoice::Chosen(vec![Param::Prompt, Param::Decode]));
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert_eq!(notices[0].key, "controls");
        let text = crate::state::notice::plain(&notices[0].message);
        assert!(text.contains("“pie”") && text.contains("“”"), "{text}");
        let (nothing, notices) = View::parse("controls=pie,none");
        assert_eq!(nothing.controls, ControlChoice::Own, "nothing usable: the figure's own");
        assert_eq!(notices.len(), 1);
        let crafted = format!("controls={}", "x,".repeat(10_000));
        let (_, notices) = View::parse(&crafted);
        assert_eq!(notices.len(), 1);
        assert!(notices[0].message.len() < 400, "a short message: {}", notices[0].message);
        assert!(notices[0].message.contains("more"), "{}", notices[0].message);
    }

    #[test]
    fn the_workbench_key_opens_it_bare_or_with_1_and_names_any_other_value() {
        for query in ["workbench=1", "workbench", "prompt=5&workbench="] {
            let (view, notices) = View::parse(query);
            assert!(view.workbench && notices.is_empty(), "{query}: {view:?} {notices:?}");
            assert_eq!(view.to_query(), "&workbench=1");
        }
        let (lesson, notices) = View::parse("workbench=0");
        assert!(!lesson.workbench && notices.is_empty());
        let (lesson, notices) = View::parse("workbench=yes");
        assert!(!lesson.workbench);
        assert_eq!(notices.len(), 1);
        let text = crate::state::notice::plain(&notices[0].message);
        assert!(text.contains("“yes”"), "{text}");
    }

    #[test]
    fn a_caption_value_other_than_0_or_1_is_named_and_the_caption_shown() {
        let (view, notices) = View::parse("caption=no");
        assert!(view.caption);
        assert_eq!(notices.len(), 1);
        assert_eq!(notices[0].key, "caption");
    }
}
