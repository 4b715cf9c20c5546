//! The workbench's decision presented on a projector (`?workbench=1&present=completion`):
//! Figure 5 on the whole screen, stepped through the review's own answer lengths and hours
//! (`state::review_slides`), with the card's verdict beside it and the way back to the
//! workbench. It is fetched with the workbench's part, so the lesson's wasm carries none of it.

use crate::charts::Figure;
use crate::state::decision::Decision;
use crate::state::review::Held;
use crate::state::review_slides::review_slides;
use crate::state::Param;
use crate::text::deployments::decision::{decision_text, retries_line};
use crate::text::embed::workbench_href;
use crate::text::review::presented_headline;
use crate::text::slides::review_step_line;
use crate::ui::context::use_state;
use crate::ui::single_figure::{SingleFigure, Steps};
use leptos::prelude::*;

/// What the link asked of the presented figure: its controls, whether its caption shows, and
/// the headline the card held the pair to, if the fitted lines alone do not give it.
pub struct Presenting {
    pub controls: Vec<Param>,
    pub caption: bool,
    pub held: Option<Held>,
}

#[component]
pub fn ReviewPresented(presenting: Presenting) -> impl IntoView {
    let steps = Steps {
        slides: review_slides(&use_state().get_untracked()).iter().collect(),
        from_opening: true,
        line: review_step_line,
        beside: verdict(presenting.held).into_any(),
        leave_label: "Back to the workbench",
        leave_to: workbench_href,
    };
    let Presenting { controls, caption, .. } = presenting;
    view! { <SingleFigure figure=Figure::Completion presentation=true controls=controls caption=caption steps=steps /> }
}

/// The decision under review, as the workbench's card states it: its held headline, or the
/// verdict on the fitted lines, failures included.
fn verdict(held: Option<Held>) -> impl IntoView {
    let state = use_state();
    let said = move || {
        state.with(|s| {
            if let Some(held) = held {
                return presented_headline(held, s);
            }
            let d = Decision::of(s);
            let t = decision_text(&d, s);
            // Counting retries, the times differ from the figure's lines: it says so, briefly.
            match retries_line(&d) {
                Some(retries) => format!("{}. {} {retries}", t.verdict, t.reason),
                None => format!("{}. {}", t.verdict, t.reason),
            }
        })
    };
    view! { <p class="slide-verdict" data-testid="slide-verdict">{said}</p> }
}
