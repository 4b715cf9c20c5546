//! "Measure two servers": the workbench's fourth source of A and B beside typed rates, chips and
//! result files. The reviewer names two OpenAI-compatible servers, reads the plan and its cost,
//! and starts; the page sends the requests itself ([`run`], through [`http`]), shows each as it
//! finishes, and hands the measurement to the measurements section as a file, whose two runs
//! become A and B once each side can be fitted. The key stays in this tab's memory: it is in no
//! address, storage, download or copy.

mod form;
mod http;
mod run;

use crate::measurements::live::file::Measurement;
use crate::measurements::live::Timed;
use crate::text::live::{held_while_moving, summary_text, NOTHING_MEASURED};
use crate::ui::context::{LiveFile, LiveMeasured};
use form::{PlanFields, Progress, Requests, ServerFields};
use http::Stopper;
use leptos::prelude::*;
use run::Ending;

/// One server's fields.
#[derive(Clone, Copy)]
pub struct ServerForm {
    pub address: RwSignal<String>,
    pub model: RwSignal<String>,
    /// Memory only.
    pub key: RwSignal<String>,
    /// The models the server listed, to choose from.
    pub models: RwSignal<Vec<String>>,
    /// What listing them said, when it failed.
    pub note: RwSignal<Option<String>>,
}

impl ServerForm {
    fn new() -> ServerForm {
        ServerForm {
            address: RwSignal::new(String::new()),
            model: RwSignal::new(String::new()),
            key: RwSignal::new(String::new()),
            models: RwSignal::new(Vec::new()),
            note: RwSignal::new(None),
        }
    }
}

/// The measurement's state, copied into each handler and component.
#[derive(Clone, Copy)]
pub struct Live {
    pub forms: [ServerForm; 2],
    pub prompts: RwSignal<String>,
    pub answers: RwSignal<String>,
    /// As typed: read (and refused with a reason) when the plan is read.
    pub repeats: RwSignal<String>,
    pub limit_secs: RwSignal<String>,
    pub running: RwSignal<bool>,
    pub cancelled: RwSignal<bool>,
    pub ended: RwSignal<Option<Ending>>,
    pub measurement: RwSignal<Option<Measurement>>,
    /// The last thing to say: a failure's sentence, or what the run is doing.
    pub message: RwSignal<Option<String>>,
    pub stopper: StoredValue<Option<Stopper>, LocalStorage>,
    pub started_ms: StoredValue<f64>,
    /// Measurements started, so each replaces only its own runs when handed on.
    pub serial: StoredValue<u64>,
    published: Option<RwSignal<Option<LiveFile>>>,
    /// When the reader last moved a control (an input, a key, a drag), in ms since 1970.
    moved_at_ms: StoredValue<f64>,
    /// Since when results have waited to be handed on; `None` when none wait.
    held_since_ms: StoredValue<Option<f64>>,
    /// How many times the measurement has been handed on (refitted), on the page for the bench.
    handed: RwSignal<u32>,
}

/// How long the controls must be still before results waiting are handed on: a refit and the
/// redraws after it cost tens of milliseconds, which under a moving slider is a stutter.
const STILL_MS: f64 = 300.0;
/// The longest results wait for the controls to be still.
const MOST_HELD_SECS: f64 = 10.0;

impl Live {
    fn new() -> Live {
        let plan = crate::measurements::live::Plan::default();
        let joined = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
        Live {
            forms: [ServerForm::new(), ServerForm::new()],
            prompts: RwSignal::new(joined(&plan.prompt_tokens)),
            answers: RwSignal::new(joined(&plan.answer_tokens)),
            repeats: RwSignal::new(plan.repeats.to_string()),
            limit_secs: RwSignal::new(plan.time_limit_secs.to_string()),
            running: RwSignal::new(false),
            cancelled: RwSignal::new(false),
            ended: RwSignal::new(None),
            measurement: RwSignal::new(None),
            message: RwSignal::new(None),
            stopper: StoredValue::new_local(None),
            started_ms: StoredValue::new(0.0),
            serial: StoredValue::new(0),
            published: use_context::<LiveMeasured>().map(|l| l.0),
            moved_at_ms: StoredValue::new(0.0),
            held_since_ms: StoredValue::new(None),
            handed: RwSignal::new(0),
        }
    }

    /// Follows the reader's hands: any input, key or drag anywhere on the page.
    fn follow_the_controls(self) {
        let moved = move |_: web_sys::Event| self.moved_at_ms.set_value(js_sys::Date::now());
        for event in ["input", "keydown", "pointerdown"] {
            let _ = window_event_listener_untyped(event, moved);
        }
        let _ = window_event_listener(leptos::ev::pointermove, move |ev| {
            if ev.buttons() != 0 {
                self.moved_at_ms.set_value(js_sys::Date::now());
            }
        });
    }

    pub fn say(self, message: Option<String>) {
        self.message.set(message);
    }

    /// A request's result, shown at once and, once both sides can be fitted, handed on.
    pub fn add(self, timed: Timed) {
        self.measurement.update(|m| {
            if let Some(m) = m {
                m.requests.push(timed);
                m.unsent = m.unsent.saturating_sub(1);
            }
        });
        self.publish_when_still();
    }

    pub fn end(self, ending: Ending) {
        self.running.set(false);
        self.ended.set(Some(ending));
        self.stopper.set_value(None);
        self.held_since_ms.set_value(None);
        self.publish();
    }

    /// Hands the measurement on now if the controls are still, else once they have been still
    /// for [`STILL_MS`] (at most [`MOST_HELD_SECS`] after the first result that waited), with
    /// every result that came meanwhile: one refit for them all.
    fn publish_when_still(self) {
        let now = js_sys::Date::now();
        if now - self.moved_at_ms.get_value() >= STILL_MS {
            self.held_since_ms.set_value(None);
            return self.publish();
        }
        if self.held_since_ms.get_value().is_some() {
            return;
        }
        self.held_since_ms.set_value(Some(now));
        let changed = move || {
            // Handed on meanwhile (the run ended): nothing waits.
            let held = self.held_since_ms.get_value()?;
            if js_sys::Date::now() - held >= MOST_HELD_SECS * 1_000.0 {
                return Some(f64::MIN);
            }
            Some(self.moved_at_ms.get_value())
        };
        crate::ui::arrival::when_still(STILL_MS, changed, move || {
            self.held_since_ms.set_value(None);
            self.publish();
        });
    }

    fn publish(self) {
        let Some(published) = self.published else { return };
        let file = self.measurement.with_untracked(|m| {
            m.as_ref().filter(|m| m.can_fit()).map(|m| LiveFile {
                name: m.file_name(),
                text: m.to_json(),
                serial: self.serial.get_value(),
            })
        });
        if file.is_some() {
            published.set(file);
            self.handed.update(|n| *n += 1);
        }
    }
}

#[component]
pub fn LiveMeasure() -> impl IntoView {
    let live = Live::new();
    live.follow_the_controls();
    let download = move |_| {
        live.measurement.with_untracked(|m| {
            if let Some(m) = m {
                crate::render::export::download_text(
                    &m.file_name(),
                    "application/json",
                    &m.to_json(),
                );
            }
        });
    };
    let summary = move || {
        let ended = live.ended.get()?;
        let said = live.measurement.with(|m| m.as_ref().map(summary_text));
        Some((ended, said.unwrap_or_else(|| NOTHING_MEASURED.to_string())))
    };
    view! {
        <div class="live-measure" data-testid="live-measure" data-handed=move || live.handed.get().to_string()>
            <p>
                "The page sends both servers the same requests itself and times them as the serving benchmarks do, "
                "then fits each server's fixed time, prefill rate and decode rate with their intervals, and decides on them as on result files. "
                "Each server must let this page's origin in (its CORS setting); the README's \u{201c}Measure your own servers\u{201d} says how for each."
            </p>
            <div class="live-servers">
                <ServerFields live=live side=crate::measurements::live::Side::A />
                <ServerFields live=live side=crate::measurements::live::Side::B />
            </div>
            <PlanFields live=live />
            <Progress live=live />
            <p class="aside">{held_while_moving(STILL_MS, MOST_HELD_SECS)}</p>
            {move || live.message.get().map(|m| view! { <p class="notice" role="alert" data-testid="live-message">{m}</p> })}
            {move || summary().map(|(ended, text)| view! {
                <p data-testid="live-summary" data-ended=format!("{ended:?}").to_lowercase()>{text}</p>
            })}
            <Requests live=live />
            <p class="figure-tools">
                <button type="button" class="quiet" data-testid="live-download" on:click=download
                    disabled=move || live.measurement.with(|m| m.as_ref().is_none_or(|m| m.requests.is_empty()))>
                    "Download these measurements"
                </button>
                " JSON that this page's file reader reads back to the same fit. Nothing is kept when the tab closes: download what you want to keep. No key is written into it."
            </p>
        </div>
    }
}
