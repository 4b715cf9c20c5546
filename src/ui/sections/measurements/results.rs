//! The chosen run's fit: readouts with their unrounded values, the percentiles, the run's own
//! crossing and whether TTFT bends, the fit's notes, "Use these rates" and the CSV downloads.

use super::Loaded;
use crate::format;
use crate::render::export::download_text;
use crate::state::Param;
use crate::text::measurements::{
    applied_text, csv_file_name, percentile_table, records_text, run_choice, RunView,
};
use crate::ui::context::use_state;
use crate::ui::widgets::data_table::DataTableView;
use crate::ui::widgets::readout::Readout;
use leptos::prelude::*;

#[component]
pub(super) fn Results(loaded: Loaded) -> impl IntoView {
    let run = Memo::new(move |_| loaded.runs.with(|r| r.get(loaded.selected.get()).cloned()));
    view! {
        <Show when=move || run.with(Option::is_some)>
            <Chooser loaded=loaded />
            <Fitted run=Signal::derive(move || run.get().unwrap_or_default()) />
        </Show>
    }
}

/// The loaded runs, one option each.
#[component]
fn Chooser(loaded: Loaded) -> impl IntoView {
    let options = move || {
        loaded.runs.with(|runs| {
            runs.iter()
                .enumerate()
                .map(|(i, run)| {
                    view! { <option value=i.to_string() selected=move || loaded.selected.get() == i>{run_choice(i, run)}</option> }
                })
                .collect_view()
        })
    };
    let on_change = move |ev: leptos::ev::Event| {
        if let Ok(i) = event_target_value(&ev).parse::<usize>() {
            loaded.selected.set(i);
        }
    };
    view! {
        <p class="run-choice">
            <label for="import-run">"Run shown: "</label>
            <select id="import-run" data-testid="import-run" on:change=on_change>{options}</select>
        </p>
    }
}

#[component]
fn Fitted(run: Signal<RunView>) -> impl IntoView {
    let state = use_state();
    let applied = RwSignal::new(None::<String>);
    // A notice about one run's rates does not belong to the next one chosen.
    Effect::new(move |_| {
        run.track();
        applied.set(None);
    });
    let number = |pick: fn(&RunView) -> Option<f64>| {
        Signal::derive(move || run.with(|r| pick(r).map(|x| x.to_string())))
    };
    let shown = |pick: fn(&RunView) -> Option<f64>, show: fn(f64) -> String| {
        Signal::derive(move || run.with(|r| pick(r).map_or_else(|| "not fitted".to_string(), show)))
    };
    let apply = move |_| {
        let Some(fitted) = run.with_untracked(|r| {
            Some((r.prefill_tokens_per_sec, r.decode_tokens_per_sec, r.wait_secs))
        }) else {
            return;
        };
        let mut clamped = Vec::new();
        state.update(|s| {
            // The panel's network time stays as set; the queue takes the rest of the overhead.
            let wait = fitted.2.map(|w| (w - s.get(Param::Network)).max(0.0));
            for (param, value) in
                [(Param::Prefill, fitted.0), (Param::Decode, fitted.1), (Param::Wait, wait)]
            {
                let Some(value) = value else { continue };
                let spec = s.spec_of(param);
                let got = s.set(param, value);
                if value < spec.min || value > spec.max {
                    clamped.push((spec.label, spec.unit, value, got));
                }
            }
        });
        applied.set(Some(applied_text(&clamped)));
    };
    let download = move |what: &'static str| {
        move |_| {
            run.with_untracked(|r| {
                let csv = if what == "fit" { &r.fit_csv } else { &r.residuals_csv };
                download_text(&csv_file_name(r, what), "text/csv", csv);
            });
        }
    };
    view! {
        <dl class="readout-grid">
            <Readout testid="import-format" label="Read as" value=Signal::derive(move || Some(run.with(|r| r.format_id.clone())))
                text=Signal::derive(move || run.with(|r| r.format_name.clone())) note=Signal::derive(move || run.with(|r| r.label.clone())) />
            <Readout testid="fit-records" label="Requests fitted" value=Signal::derive(move || run.with(|r| r.used as f64))
                text=Signal::derive(move || run.with(|r| records_text(r.used, r.records))) />
            <Readout testid="fit-dropped" label="Left out" value=Signal::derive(move || run.with(|r| r.dropped as f64))
                text=Signal::derive(move || run.with(|r| format::with_separators(r.dropped as f64, 0))) note=Signal::derive(move || run.with(|r| r.dropped_text.clone())) />
            <Readout testid="fit-overhead" label="Fixed time before the first token" value=number(|r| r.overhead_secs) text=shown(|r| r.overhead_secs, format::duration) />
            <Readout testid="fit-prefill" label="Prefill rate" value=number(|r| r.prefill_tokens_per_sec) text=Signal::derive(move || run.with(|r| r.prefill_text.clone())) />
            <Readout testid="fit-decode" label="Decode rate" value=number(|r| r.decode_tokens_per_sec) text=shown(|r| r.decode_tokens_per_sec, format::rate) />
            <Readout testid="fit-crossing-ratio" label="Crossing ratio" value=number(|r| r.crossing_ratio) text=shown(|r| r.crossing_ratio, |x| format::trimmed(x, 1)) />
            <Readout testid="fit-crossing-prompt" label="Crossing prompt at the median answer" value=number(|r| r.crossing_prompt_tokens) text=shown(|r| r.crossing_prompt_tokens, format::tokens) />
        </dl>
        <p data-testid="fit-crossing">{move || run.with(|r| r.crossing_text.clone())}</p>
        <p data-testid="fit-bending">{move || run.with(|r| r.bending_text.clone())}</p>
        <div class="import-actions">
            <button type="button" data-testid="import-apply" on:click=apply>"Use these rates"</button>
            <button type="button" class="quiet" data-testid="import-csv-fit" on:click=download("fit")>"Fit as CSV"</button>
            <button type="button" class="quiet" data-testid="import-csv-residuals" on:click=download("residuals")>"Each request's residual as CSV"</button>
        </div>
        <p class="aside" role="status" data-testid="import-applied">{move || applied.get().unwrap_or_default()}</p>
        <DataTableView table=Signal::derive(move || run.with(percentile_table)) testid="fit-percentiles".to_string() />
        <p class="aside">{move || run.with(|r| format!("Time per output token: {}", r.tpot_definition))}</p>
        <details class="fit-notes">
            <summary>"How this run was read and fitted"</summary>
            <ul>{move || run.with(|r| r.notes.iter().map(|n| view! { <li>{n.clone()}</li> }).collect_view())}</ul>
        </details>
    }
}
