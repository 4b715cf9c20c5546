//! The line a presentation shows (and a screen reader hears) as PageDown and PageUp step
//! through the lesson's scenarios.

use crate::state::Figure;

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

/// The line naming the review's current step, or saying how to step through it.
pub fn review_step_line(current: Option<(usize, &str)>, count: usize) -> String {
    match current {
        Some((index, name)) => format!("Step {} of {count}: {} at {name}", index + 1, Figure::Completion.name()),
        None => format!(
            "PageDown and PageUp step through the decision in {count} steps; Esc returns to the workbench."
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
        assert_eq!(
            review_step_line(Some((1, "its 90th-percentile answer")), 4),
            "Step 2 of 4: Figure 5 at its 90th-percentile answer"
        );
        assert!(review_step_line(None, 4).contains("4 steps"));
    }
}
