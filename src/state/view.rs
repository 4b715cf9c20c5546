//! How the page is shown, apart from what it computes: one embedded figure, presentation mode,
//! and the colour theme. These live in the URL beside the state, so an embed or a projector
//! link keeps its look on reload, but they are not part of a shared scenario.

use super::notice::excerpt;
use super::query::{percent_decode, repeated};
use super::{Figure, Notice};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    /// Follow the operating system's `prefers-color-scheme`.
    #[default]
    Auto,
    Light,
    Dark,
}

impl Theme {
    pub fn key(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    fn from_key(key: &str) -> Option<Theme> {
        [Theme::Auto, Theme::Light, Theme::Dark].into_iter().find(|t| t.key() == key)
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct View {
    /// `?embed=<figure>`: that figure and its controls, nothing else.
    pub embed: Option<Figure>,
    /// `?present=<figure>`: one figure in large type for a projector.
    pub present: Option<Figure>,
    pub theme: Theme,
}

impl View {
    /// Reads the view keys of a query string; unknown values are named in notices. A key given
    /// more than once uses its last value and is named once, like the state's keys, however
    /// often a crafted link repeats it.
    pub fn parse(query: &str) -> (View, Vec<Notice>) {
        const KEYS: [(&str, &str); 3] =
            [("embed", "Embedded figure"), ("present", "Presentation figure"), ("theme", "Theme")];
        // The last value of each key and how many times it was given, in KEYS order.
        let mut given: [(usize, String); 3] = Default::default();
        for pair in query.trim_start_matches('?').split('&') {
            let (raw_key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let key = percent_decode(raw_key);
            let Some(slot) =
                KEYS.iter().position(|(k, _)| *k == key.trim()).and_then(|i| given.get_mut(i))
            else {
                continue;
            };
            slot.0 += 1;
            slot.1 = percent_decode(value);
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
            let value_text = value.trim();
            let understood = match key {
                "embed" => {
                    view.embed = Figure::from_slug(value_text);
                    view.embed.is_some()
                }
                "present" => {
                    view.present = Figure::from_slug(value_text);
                    view.present.is_some()
                }
                _ => Theme::from_key(value_text).map(|t| view.theme = t).is_some(),
            };
            let message = match (understood, key) {
                (true, _) => continue,
                (false, "theme") => format!("{label} ({key}): “{}” is not “auto”, “light” or “dark”; following the system setting.", excerpt(&value)),
                (false, _) => format!("{label} ({key}): there is no figure called “{}”; the choices are {figures}. Showing the whole page.", excerpt(&value)),
            };
            notices.push(Notice { key: key.to_string(), message });
        }
        (view, notices)
    }

    /// The view keys to keep in the address bar, appended to the state's query.
    pub fn to_query(self) -> String {
        let mut out = String::new();
        if let Some(f) = self.embed {
            out.push_str(&format!("&embed={}", f.slug()));
        }
        if let Some(f) = self.present {
            out.push_str(&format!("&present={}", f.slug()));
        }
        if self.theme != Theme::Auto {
            out.push_str(&format!("&theme={}", self.theme.key()));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_view_keys_and_writes_them_back() {
        let (view, notices) = View::parse("?prompt=5&embed=crossing&theme=dark");
        assert!(notices.is_empty());
        assert_eq!(view, View { embed: Some(Figure::Crossing), present: None, theme: Theme::Dark });
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
        let query = format!("{}embed=lengths&theme=dark", "theme&embed=pie&".repeat(500));
        let (view, notices) = View::parse(&query);
        assert_eq!(view, View { embed: Some(Figure::Lengths), present: None, theme: Theme::Dark });
        assert_eq!(notices.len(), 2, "{notices:?}");
        assert!(notices[0].message.contains("(501 times)"), "{}", notices[0].message);
        let (_, bad_last) = View::parse("present=timeline&present=pie");
        assert_eq!(bad_last.len(), 2, "repeated, and the last value unknown");
    }
}
