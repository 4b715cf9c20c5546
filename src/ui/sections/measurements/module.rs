//! The section's module, fetched on a reader's first file: the worker's own script, which the
//! page runs too (the worker crate's `page/`). Its script defines the module's functions and
//! leaves a promise of them in `self.crossoverMeasurements` (src/worker_files.rs writes that
//! line). Events that come while it loads wait for it, in order.

use crate::state::{Param, State};
use crate::text::measurements::MODULE_FAILED;
use leptos::prelude::*;
use std::cell::RefCell;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// The `<meta>` in the built page that names the worker's script: its name has a content hash,
/// written by the build (src/worker_files.rs); relative, so the page works under any sub-path.
const SCRIPT_META: &str = "meta[name=crossover-worker]";
/// Where the script leaves the promise of the module's functions.
const PROMISE_NAME: &str = "crossoverMeasurements";
/// The event by which the module asks the page to put a run's rates into the lesson's controls.
pub(super) const APPLY_EVENT: &str = "crossover-apply-rates";

enum Module {
    Absent,
    Loading(Vec<(String, JsValue)>),
    /// The module's `measurements_event`.
    Ready(js_sys::Function),
    /// Its script ran and failed: it cannot be run a second time in the same page.
    Failed,
}

thread_local! {
    static MODULE: RefCell<Module> = const { RefCell::new(Module::Absent) };
}

/// Hands an event of the section to the module: at once if it is running, after it starts if
/// it is loading. `load` starts loading it for an event that needs it (a file or a paste);
/// other events before then have nothing to act on.
pub(super) fn send(what: &str, payload: JsValue, load: bool) {
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
            waiting.push((what.to_string(), payload.clone()));
            Then::Wait
        }
        Module::Absent if load => {
            *module = Module::Loading(vec![(what.to_string(), payload.clone())]);
            Then::Fetch
        }
        Module::Failed if load => Then::Fail,
        Module::Absent | Module::Failed => Then::Wait,
    });
    match then {
        Then::Call(event) => {
            let _ = event.call2(&JsValue::NULL, &what.into(), &payload);
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
        let src = d.query_selector(SCRIPT_META).ok()??.get_attribute("content")?;
        let script = d.create_element("script").ok()?;
        script.set_attribute("src", &src).ok()?;
        Some(script)
    });
    let (Some(document), Some(script)) = (document, script) else {
        failed();
        return;
    };
    let on_load = Closure::once_into_js(move || {
        let Some(promised) =
            web_sys::window().and_then(|w| js_sys::Reflect::get(&w, &PROMISE_NAME.into()).ok())
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
    let event = js_sys::Reflect::get(functions, &"measurements_event".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    let Some(event) = event else {
        failed();
        return;
    };
    let waiting = MODULE.replace(Module::Ready(event.clone()));
    if let Module::Loading(waiting) = waiting {
        for (what, payload) in waiting {
            let _ = event.call2(&JsValue::NULL, &what.into(), &payload);
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
        .and_then(|d| d.query_selector("[data-testid=import-error]").ok().flatten());
    if let Some(alert) = alert {
        // A constant sentence without markup.
        alert.set_inner_html(MODULE_FAILED);
        let _ = alert.remove_attribute("hidden");
    }
}

/// "Use these rates", asked by the module with an event on the window ([`APPLY_EVENT`]) whose
/// `detail` is an array of the run's prefill rate, decode rate and fixed time before the first
/// token (NaN where the run gives none, and the control keeps its own value). The fixed time is
/// the network time the panel already holds plus the queue. The answer is pushed onto the same
/// array: the queue asked for, then what each of the three controls now holds (NaN where unset).
pub(super) fn apply(state: RwSignal<State>, event: &web_sys::Event) {
    let Ok(rates) = js_sys::Reflect::get(event, &"detail".into()) else { return };
    let Ok(rates) = rates.dyn_into::<js_sys::Array>() else { return };
    let rate = |i| rates.get(i).as_f64().unwrap_or(f64::NAN);
    let (prefill, decode, fixed) = (rate(0), rate(1), rate(2));
    state.update(|s| {
        let wait = if fixed.is_nan() { f64::NAN } else { (fixed - s.get(Param::Network)).max(0.0) };
        rates.push(&wait.into());
        for (param, value) in
            [(Param::Prefill, prefill), (Param::Decode, decode), (Param::Wait, wait)]
        {
            let held = if value.is_nan() { f64::NAN } else { s.set(param, value) };
            rates.push(&held.into());
        }
    });
}
