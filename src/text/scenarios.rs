//! The line under a group of scenario buttons: which scenarios the page is showing now.

use crate::state::presets::Preset;

/// "Showing “The summariser”: …", one sentence per scenario that holds, or that none does.
pub fn active_scenarios<'a>(active: impl Iterator<Item = &'a Preset>) -> String {
    let shown: Vec<String> =
        active.map(|p| format!("Showing “{}”: {}.", p.name, p.description)).collect();
    if shown.is_empty() {
        "No scenario: these are your own settings.".to_string()
    } else {
        shown.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::presets::{holds, Scope, PRESETS};
    use crate::state::State;

    #[test]
    fn the_page_opens_on_the_bake_off_deciding_for_the_bots_answers() {
        let opening = State::default();
        let line = active_scenarios(
            PRESETS.iter().filter(|p| p.scope == Scope::Deployments && holds(p, &opening)),
        );
        assert!(line.starts_with("Showing “Support bake-off”"), "{line}");
        // The mixed traffic is a spread the reader chooses to decide for, not the opening's.
        assert!(!line.contains("Mixed chat traffic"), "{line}");
        assert_eq!(active_scenarios([].into_iter()), "No scenario: these are your own settings.");
    }
}
