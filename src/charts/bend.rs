//! Figure 7: where the straight lines bend. Figure 2's phases against prompt length with the
//! deeper model's curves always beside them, whichever model the rest of the page follows, so
//! the section that explains the bend shows it.

use super::crossing::CrossingInputs;
use super::table::DataTable;
use super::{Chart, DrawResult, Style};
use crate::format;
use crate::state::{Figure, ModelView, Param, State};
use plotters::coord::Shift;
use plotters::prelude::*;

/// Figure 2's numbers with the deeper model on, its crossing the one marked, and the two knees
/// the deeper model bends at.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BendInputs {
    pub phases: CrossingInputs,
    pub attention_knee_tokens: f64,
    pub kv_knee_tokens: f64,
}

impl Chart for BendInputs {
    type Input = State;

    fn of(state: &State) -> BendInputs {
        // The curves are drawn with nothing cached, as Figure 2 draws them: a cached prefix
        // moves the reader's own request, not the shape of the phases. Nor does a wait before
        // prefill, which only lifts the total; the figure leaves it out.
        // Otherwise it is Figure 2 as the deeper model draws it.
        let mut state =
            state.with(Param::Network, 0.0).with(Param::Wait, 0.0).with(Param::Cached, 0.0);
        state.model = ModelView::Deep;
        BendInputs {
            phases: CrossingInputs::of(&state),
            attention_knee_tokens: state.get(Param::AttentionKnee),
            kv_knee_tokens: state.get(Param::KvKnee),
        }
    }

    #[inline(never)] // see `Chart`
    fn draw<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        style: &Style,
    ) -> DrawResult<DB> {
        self.phases.draw(area, style)
    }

    fn summary(&self) -> String {
        format!(
            "The straight lines against the deeper model, whose attention knee is at {} of prompt and whose KV-cache knee is at {} of context, with no wait before prefill. {}",
            format::tokens(self.attention_knee_tokens),
            format::tokens(self.kv_knee_tokens),
            self.phases.summary(),
        )
    }

    fn table(&self) -> DataTable {
        DataTable {
            caption: format!(
                "{} as a table: the straight lines beside the deeper model",
                Figure::Bend.name()
            ),
            ..self.phases.table()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deeper_curves_show_whichever_model_the_page_follows() {
        let linear = State::default();
        let mut deep = linear;
        deep.model = ModelView::Deep;
        assert_eq!(BendInputs::of(&linear), BendInputs::of(&deep));
        let b = BendInputs::of(&linear);
        assert!(b.summary().contains("60,000 tokens"), "{}", b.summary());
        assert!(b.table().headers.contains(&"total, deeper|s"));
    }

    #[test]
    fn a_nearer_knee_moves_the_drawing() {
        let svg = |s: &State| BendInputs::of(s).to_svg(&Style::default(), 600, 300);
        let near = State::default().with(Param::AttentionKnee, 5_000.0);
        assert_ne!(svg(&State::default()), svg(&near));
    }
}
