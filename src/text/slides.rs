//! The line a presentation shows (and a screen reader hears) as PageDown and PageUp step
//! through the lesson's scenarios.

/// What the slide line says: before the first step, how to step; then which scenario of how
/// many is showing.
pub fn slide_line(current: Option<(usize, &str)>, count: usize) -> String {
    match current {
        Some((index, name)) => format!("Scenario {} of {count}: {name}", index + 1),
        None if count == 0 => "Esc returns to the whole explainer.".to_string(),
        None => format!(
            "PageDown and PageUp step through {count} scenarios; Esc returns to the whole explainer."
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_scenario_and_counts_from_one() {
        assert_eq!(slide_line(Some((0, "The summariser")), 5), "Scenario 1 of 5: The summariser");
        assert!(slide_line(None, 5).contains("5 scenarios"));
        assert!(!slide_line(None, 0).contains('0'));
    }
}
