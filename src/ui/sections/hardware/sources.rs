//! Where every chip and model figure of the section comes from, and what the arithmetic leaves
//! out, in one place.

use crate::ui::arrival::prose;
use leptos::prelude::*;

/// A list of sources, each a link to its document. Fixed prose: written into the prerendered
/// page only, so the wasm carries neither the names nor the addresses.
#[cfg(not(target_arch = "wasm32"))]
fn links(sources: Vec<crate::model::source::Source>, testid: &'static str) -> AnyView {
    let items = sources
        .into_iter()
        .map(|source| {
            view! { <li><a href=source.url rel="noopener" target="_blank">{source.name}</a></li> }
        })
        .collect_view();
    view! { <ul class="sources" data-testid=testid>{items}</ul> }.into_any()
}

#[component]
pub fn Sources() -> impl IntoView {
    view! {
        <section class="hw-sources" aria-labelledby="hw-sources-title">
            <h3 id="hw-sources-title">"What the arithmetic leaves out, and where its figures come from"</h3>
            {prose!("hardware-caveats" =>
                <ul data-testid="hw-caveats">
                    <li>"A mixture-of-experts model sends each token through a few of its experts: give the custom model its active parameters for the rates. Memory must still hold every expert, so the fit then looks better than it is."</li>
                    <li>"Prefill here is the straight-line part only. Attention adds work that grows with the square of the prompt, and a long cache makes each decode step read more: "<a href="#deeper">"the deeper model"</a>" below adds both to the request, and the context control here adds the cache's reads to decode."</li>
                    <li>"Several chips on one request are counted as one chip that many times larger. Real servers lose part of that to the traffic between chips, and more the more chips share a request."</li>
                    <li>"A prompt too short to bring the ridge's worth of work per byte is read at memory's pace, not arithmetic's: " {crate::state::Figure::Roofline.name()} " shows its point on the slope, while the prefill rate still assumes arithmetic sets it."</li>
                </ul>
            )}
            {prose!("hardware-sources" =>
                <p>"Every figure is dense (data sheets also quote twice as much with structured sparsity, which serving does not use) and in decimal units, as the data sheets print them. Chips, from their makers' data sheets:"</p>
                {links(crate::model::chips::Chip::ALL.into_iter().filter_map(|c| c.published()?.source).collect(), "hw-chip-sources")}
                <p>"Models, from their published configurations (layers, key-value heads, head width):"</p>
                {links(crate::model::llms::Llm::ALL.into_iter().filter_map(|m| m.published()?.source).collect(), "hw-model-sources")}
                <p>"The published efficiencies behind each rate's range:"</p>
                {links(crate::model::roofline::EFFICIENCY_SOURCES.to_vec(), "hw-efficiency-sources")}
            )}
        </section>
    }
}
