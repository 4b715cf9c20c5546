//! What the live region says when a control carries the reader across a line that matters.

use crate::model::deployments::Winner;
use crate::model::Bound;

pub fn bound_sentence(bound: Bound) -> &'static str {
    match bound {
        Bound::Prefill => "Crossed: reading the prompt now takes longer than writing the answer.",
        Bound::Decode => {
            "Crossed back: writing the answer now takes longer than reading the prompt."
        }
        Bound::Balanced => "Exactly on the crossing: both phases take the same time.",
    }
}

pub fn winner_sentence(winner: Winner) -> &'static str {
    match winner {
        Winner::A => "Deployment A now finishes first.",
        Winner::B => "Deployment B now finishes first.",
        Winner::Tie => "A and B now finish at the same moment.",
    }
}
