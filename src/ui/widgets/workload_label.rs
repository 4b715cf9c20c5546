//! The small label that names the workload a claim rests on, placed the same way beside every
//! group of numbers and in every figure caption of the deployments lab.

use crate::text::deployments::label::{workload_label, Claim};
use crate::ui::context::derived;
use leptos::prelude::*;

#[component]
pub fn WorkloadLabel(claim: Claim, testid: &'static str) -> impl IntoView {
    let text = derived(move |s| workload_label(s, claim));
    view! { <span class="workload" data-testid=testid>{move || text.get()}</span> }
}
