//! The chosen run's results: the markup the worker wrote for it (readouts with unrounded
//! `data-value`s, the percentiles, the run's own crossing, whether TTFT bends, the fit's notes),
//! then "Use these rates" and the CSV downloads. The page only places that markup: building it
//! here would put a second copy of the readouts' code into the first page load.

use super::Loaded;
use crate::render::export::download_text;
use crate::state::Param;
use crate::text::measurements::{applied_text, PageRun};
use crate::ui::context::use_state;
use leptos::prelude::*;

#[component]
pub(super) fn Results(loaded: Loaded) -> impl IntoView {
    let state = use_state();
    let applied = RwSignal::new(String::new());
    let run = Memo::new(move |_| loaded.runs.with(|r| r.get(loaded.selected.get()).cloned()));
    // A notice about one run's rates does not belong to the next one chosen.
    Effect::new(move |_| {
        run.track();
        applied.set(String::new());
    });
    let apply = move |_| {
        let Some(fitted) = run.with_untracked(|r| {
            r.as_ref().map(|r| (r.prefill_tokens_per_sec, r.decode_tokens_per_sec, r.wait_secs))
        }) else {
            return;
        };
        let (mut clamped, mut not_set) = (Vec::new(), Vec::new());
        state.update(|s| {
            // The panel's network time stays as set; the queue takes the rest of the overhead.
            let wait = fitted.2.map(|w| (w - s.get(Param::Network)).max(0.0));
            for (param, value) in
                [(Param::Prefill, fitted.0), (Param::Decode, fitted.1), (Param::Wait, wait)]
            {
                let spec = s.spec_of(param);
                let Some(value) = value else {
                    not_set.push(spec.label);
                    continue;
                };
                let got = s.set(param, value);
                if value < spec.min || value > spec.max {
                    clamped.push((spec.label, spec.unit, value, got));
                }
            }
        });
        applied.set(applied_text(&clamped, &not_set));
    };
    let download = move |pick: fn(&PageRun) -> (&String, &String)| {
        move |_| {
            run.with_untracked(|r| {
                if let Some((name, csv)) = r.as_ref().map(pick) {
                    download_text(name, "text/csv", csv);
                }
            });
        }
    };
    let options = move || {
        loaded.runs.with(|runs| {
            runs.iter()
                .enumerate()
                .map(|(i, r)| view! { <option value=i.to_string() selected=move || loaded.selected.get() == i>{r.choice.clone()}</option> })
                .collect_view()
        })
    };
    let choose = move |ev: leptos::ev::Event| {
        if let Ok(i) = event_target_value(&ev).parse::<usize>() {
            loaded.selected.set(i);
        }
    };
    view! {
        <div class="import-results" hidden=move || run.with(Option::is_none)>
            <p class="run-choice">
                <label for="import-run">"Run shown: "</label>
                <select id="import-run" data-testid="import-run" on:change=choose>{options}</select>
            </p>
            <div inner_html=move || run.with(|r| r.as_ref().map(|r| r.html.clone()).unwrap_or_default())></div>
            <div class="import-actions">
                <button type="button" data-testid="import-apply" on:click=apply>"Use these rates"</button>
                <button type="button" class="quiet" data-testid="import-csv-fit" on:click=download(|r| (&r.fit_csv_name, &r.fit_csv))>"Fit as CSV"</button>
                <button type="button" class="quiet" data-testid="import-csv-residuals" on:click=download(|r| (&r.residuals_csv_name, &r.residuals_csv))>"Each request's residual as CSV"</button>
            </div>
            <p class="aside" role="status" data-testid="import-applied">{move || applied.get()}</p>
        </div>
    }
}
