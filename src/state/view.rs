//! How the page is shown, apart from what it computes: one embedded figure, presentation mode,
//! and the colour theme. These live in the URL beside the state, so an embed or a projector
//! link keeps its look on reload, but they are not part of a shared scenario.

use super::query::percent_decode;
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
    /// Reads the view keys of a query string; unknown values are named in notices.
    pub fn parse(query: &str) -> (View, Vec<Notice>) {
        let mut view = View::default();
        let mut notices = Vec::new();
        let figures =
            Figure::ALL.iter().map(|f| format!("“{}”", f.slug())).collect::<Vec<_>>().join(", ");
        for pair in query.trim_start_matches('?').split('&') {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let value = percent_decode(value);
            let mut figure = |what: &str| match Figure::from_slug(value.trim()) {
                Some(f) => Some(f),
                None => {
                    notices.push(Notice { key: key.to_string(), message: format!("{what} ({key}): there is no figure called “{}”; the choices are {figures}. Showing the whole page.", crate::state::notice::excerpt(&value)) });
                    None
                }
            };
            match key {
                "embed" => view.embed = figure("Embedded figure"),
                "present" => view.present = figure("Presentation figure"),
                "theme" => match Theme::from_key(value.trim()) {
                    Some(t) => view.theme = t,
                    None => notices.push(Notice { key: key.to_string(), message: format!("Theme (theme): “{}” is not “auto”, “light” or “dark”; following the system setting.", crate::state::notice::excerpt(&value)) }),
                },
                _ => {}
            }
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
        assert!(notices[0].message.contains("“pie”"), "{}", notices[0].message);
        assert_eq!(notices[1].key, "theme");
    }
}
