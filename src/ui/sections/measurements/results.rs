//! What the reader does with a loaded run: choose it from the list, put its rates into the
//! lesson's controls ("Use these rates"), and download its fit and residuals as CSV.

use super::Loaded;
use crate::render::export::download_text;
use crate::state::Param;
use crate::text::measurements::applied_text;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

pub(super) fn chosen(loaded: Loaded, select: &web_sys::Element) {
    let value = js_sys::Reflect::get(select, &"value".into()).ok().and_then(|v| v.as_string());
    let Some(index) = value.and_then(|v| v.parse::<usize>().ok()) else { return };
    // A notice about one run's rates does not belong to the next one chosen.
    loaded.imports.update(|i| {
        i.selected = index;
        i.applied.clear();
    });
    // The list is written anew with the run: give the new one the focus the old one had.
    request_animation_frame(|| {
        let list = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id("import-run"))
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
        if let Some(list) = list {
            let _ = list.focus();
        }
    });
}

pub(super) fn apply(loaded: Loaded) {
    let Some(fitted) = loaded.imports.with_untracked(|i| {
        i.runs
            .get(i.selected)
            .map(|r| (r.prefill_tokens_per_sec, r.decode_tokens_per_sec, r.wait_secs))
    }) else {
        return;
    };
    let (mut clamped, mut not_set) = (Vec::new(), Vec::new());
    loaded.state.update(|s| {
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
    loaded.imports.update(|i| i.applied = applied_text(&clamped, &not_set));
}

pub(super) fn download(loaded: Loaded, fit: bool) {
    loaded.imports.with_untracked(|i| {
        let Some(r) = i.runs.get(i.selected) else { return };
        let (name, csv) = if fit {
            (&r.fit_csv_name, &r.fit_csv)
        } else {
            (&r.residuals_csv_name, &r.residuals_csv)
        };
        download_text(name, "text/csv", csv);
    });
}
