//! The section's module, fetched on a reader's first file: the worker's own script, which the
//! page runs too (the worker crate's `page/`). The build names the script in a `<meta>` (the
//! contract's `shared_names::files::WORKER_META`); the script defines the module's functions and leaves a promise
//! of them in `self.crossoverMeasurements` ([`MEASUREMENTS_PROMISE`], src/site/worker_files.rs writes that
//! line). Events that come while it loads wait for it, in order.

use crate::measurements::compare::Overlay;
use crate::measurements::protocol::{
    place, DeploymentApplied, DeploymentAsked, RatesApplied, RatesAsked, MEASUREMENTS_PROMISE,
    MODULE_EVENT_FUNCTION, WORKER_META_SELECTOR,
};
use crate::shared_names::files::META_INTEGRITY;
use crate::state::measured::{MeasuredSide, MeasuredSides};
use crate::state::{Param, State};
use crate::text::measurements::sentences::MODULE_FAILED;
use leptos::prelude::*;
use std::cell::RefCell;
use std::sync::Arc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

enum Module {
    Absent,
    Loading(Vec<(String, JsValue)>),
    /// The module's [`MODULE_EVENT_FUNCTION`].
    Ready(js_sys::Function),
    /// Its script ran and failed: it cannot be run a second time in the same page.
    Failed,
}

thread_local! {
    static MODULE: RefCell<Module> = const { RefCell::new(Module::Absent) };
    /// The lab's sides set from runs, as the page put them.
    static MEASURED: RefCell<MeasuredSides> = RefCell::new(MeasuredSides::default());
}

/// Hands an event of the section to the module (the `action` of the control it came from, and
/// the files or the control): at once if it is running, after it starts if it is loading.
/// `load` starts loading it for an event that needs it (a file or a paste); other events before
/// then have nothing to act on.
pub(super) fn send(action: &str, payload: JsValue, load: bool) {
    enum Then {
        Call(js_sys::Function),
        Fetch,
        Fail,
        Wait,
    }
    // The borrow ends before acting: fetching may change the state again.
    let then = MODULE.with_borrow_mut(|module| match module {
        Module::Ready(event) => Then::Call(event.clone()),
        Module::Loading(waiting) => {
            waiting.push((action.to_string(), payload.clone()));
            Then::Wait
        }
        Module::Absent if load => {
            *module = Module::Loading(vec![(action.to_string(), payload.clone())]);
            Then::Fetch
        }
        Module::Failed if load => Then::Fail,
        Module::Absent | Module::Failed => Then::Wait,
    });
    match then {
        Then::Call(event) => {
            let _ = event.call2(&JsValue::NULL, &action.into(), &payload);
        }
        Then::Fetch => fetch(),
        Then::Fail => show_failure(),
        Then::Wait => {}
    }
}

/// Adds the module's script to the page; runs [`started`] once its functions are ready.
fn fetch() {
    let document = web_sys::window().and_then(|w| w.document());
    let script = document.as_ref().and_then(|d| {
        let meta = d.query_selector(WORKER_META_SELECTOR).ok()??;
        let script = d.create_element("script").ok()?;
        // The script runs in the page's origin: a copy whose bytes differ from the build's is
        // refused (and the section says it could not load), never run.
        script.set_attribute("integrity", &meta.get_attribute(META_INTEGRITY)?).ok()?;
        script.set_attribute("src", &meta.get_attribute("content")?).ok()?;
        Some(script)
    });
    let (Some(document), Some(script)) = (document, script) else {
        failed();
        return;
    };
    let on_load = Closure::once_into_js(move || {
        let Some(promised) = web_sys::window()
            .and_then(|w| js_sys::Reflect::get(&w, &MEASUREMENTS_PROMISE.into()).ok())
        else {
            failed();
            return;
        };
        // Whatever is there: anything but the promise gives no functions, and fails below.
        let promise = js_sys::Promise::resolve(&promised);
        let ok = Closure::once(move |functions: JsValue| started(&functions));
        let not_ok = Closure::once(move |_: JsValue| failed());
        let _ = promise.then2(&ok, &not_ok);
        // One of the two runs, once; neither is kept by the page after.
        ok.forget();
        not_ok.forget();
    });
    let _ = script.add_event_listener_with_callback("load", on_load.unchecked_ref());
    let on_error = Closure::once_into_js(failed);
    let _ = script.add_event_listener_with_callback("error", on_error.unchecked_ref());
    if let Some(body) = document.body() {
        let _ = body.append_child(&script);
    }
}

/// Hands the module the events that waited for it.
fn started(functions: &JsValue) {
    let event = js_sys::Reflect::get(functions, &MODULE_EVENT_FUNCTION.into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    let Some(event) = event else {
        failed();
        return;
    };
    let waiting = MODULE.replace(Module::Ready(event.clone()));
    if let Module::Loading(waiting) = waiting {
        for (action, payload) in waiting {
            let _ = event.call2(&JsValue::NULL, &action.into(), &payload);
        }
    }
}

fn failed() {
    MODULE.set(Module::Failed);
    show_failure();
}

fn show_failure() {
    let alert = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(place::ERROR).ok().flatten());
    if let Some(alert) = alert {
        // A constant sentence without markup.
        alert.set_inner_html(MODULE_FAILED);
        let _ = alert.remove_attribute("hidden");
    }
}

/// Values for the page's controls, asked by the module with an event on the window (the
/// protocol's `APPLY_RATES`) whose `detail` carries [`RatesAsked`]; the page's [`RatesApplied`]
/// is added to it. "Set MFU and MBU from this run" asks this way for the chip section's two
/// efficiencies; a fixed time asked for is the network time the panel already holds plus the
/// queue.
pub(super) fn apply(state: RwSignal<State>, event: &web_sys::Event) {
    let Ok(detail) = js_sys::Reflect::get(event, &"detail".into()) else { return };
    let Some(asked) = RatesAsked::from_detail(&detail) else { return };
    state.update(|s| {
        let fixed = asked.fixed_secs;
        let wait = if fixed.is_nan() { f64::NAN } else { (fixed - s.get(Param::Network)).max(0.0) };
        let mut set =
            |param, value: f64| if value.is_nan() { f64::NAN } else { s.set(param, value) };
        let held = [
            set(Param::Prefill, asked.prefill_tokens_per_sec),
            set(Param::Decode, asked.decode_tokens_per_sec),
            set(Param::Wait, wait),
            set(Param::Mfu, asked.mfu),
            set(Param::Mbu, asked.mbu),
        ];
        RatesApplied { wait_secs: wait, held }.add_to(detail.unchecked_ref());
    });
}

/// "Use as A" or "Use as B", asked by the module the same way with [`DeploymentAsked`]: the
/// run's numbers go into the side as `state::measured` says; the page's [`DeploymentApplied`]
/// is added. Which run it was stays with the module, never in the state.
pub(super) fn apply_deployment(state: RwSignal<State>, event: &web_sys::Event) {
    let Ok(detail) = js_sys::Reflect::get(event, &"detail".into()) else { return };
    let Some(asked) = DeploymentAsked::from_detail(&detail) else { return };
    let side = MeasuredSide {
        ttft_secs: asked.ttft_secs,
        decode_tokens_per_sec: asked.decode_tokens_per_sec,
        answer_tokens: asked.answer_tokens,
        failed_share: asked.failed_share(),
    };
    state.update(|s| {
        let (ttft_secs, decode_tokens_per_sec) =
            MEASURED.with_borrow_mut(|sides| sides.put(s, asked.which, side));
        DeploymentApplied { ttft_secs, decode_tokens_per_sec }.add_to(detail.unchecked_ref());
    });
}

/// What Figure 3 draws behind its lines, sent by the module as numbers (`Overlay`'s) in the
/// event's detail; anything else, or no points at all, draws nothing.
pub(super) fn overlay(runs: RwSignal<Option<Arc<Overlay>>>, event: &web_sys::Event) {
    let detail = js_sys::Reflect::get(event, &"detail".into()).ok();
    let numbers = detail
        .and_then(|d| d.dyn_into::<js_sys::Float64Array>().ok())
        .map(|a| a.to_vec())
        .unwrap_or_default();
    let overlay = Overlay::from_numbers(numbers).filter(|o| !o.is_empty());
    runs.set(overlay.map(Arc::new));
}
