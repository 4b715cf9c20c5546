//! The page's side of the Web Worker that reads and fits files and draws their figures. The
//! worker is started on the first file or paste, from the script this module came in. Files go to the worker as they are (a `File` is passed by
//! reference, not copied), so their bytes never enter the page's own wasm memory.
//!
//! Every request gets one answer, in the order asked (see the worker's `main.rs` for the
//! messages); a read's progress reports come before its answer and go to that read alone.
//!
//! A worker that fails (a trap, memory running out) is dropped with the runs it held; the next
//! request starts a new one, and a hook the section sets ([`on_restart`]) first sends it again
//! what the old one had read, so the runs the page lists can still be drawn and exported.

use crossover::text::measurements::{refusal_reply, READY};
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// The `<meta>` in the built page that names the worker's script: its name has a content hash,
/// written by the build (src/worker_files.rs); relative, so the page works under any sub-path.
const WORKER_META: &str = "meta[name=crossover-worker]";

type Done = Box<dyn FnOnce(JsValue)>;
type Progress = Box<dyn Fn(f64)>;

struct Pending {
    done: Done,
    progress: Option<Progress>,
}

struct Client {
    worker: web_sys::Worker,
    ready: bool,
    /// Sent before the worker said it was ready: held until it does.
    waiting: VecDeque<js_sys::Array>,
    /// One per message sent, in order: the worker answers in the order it was asked.
    pending: VecDeque<Pending>,
}

thread_local! {
    static CLIENT: RefCell<Option<Client>> = const { RefCell::new(None) };
    /// A worker was started before: the next one started replaces it.
    static STARTED: Cell<bool> = const { Cell::new(false) };
    static ON_RESTART: RefCell<Option<Box<dyn Fn()>>> = const { RefCell::new(None) };
}

/// `hook` runs when a worker is started in place of one that stopped, before anything else is
/// sent to it: what it asks is answered first.
pub fn on_restart(hook: impl Fn() + 'static) {
    ON_RESTART.set(Some(Box::new(hook)));
}

/// Asks the worker to read `payload` (a `File` or a string) named `name`; `progress` hears the
/// share done, `done` gets the encoded reply.
pub fn read(
    name: &str,
    payload: JsValue,
    progress: impl Fn(f64) + 'static,
    done: impl FnOnce(String) + 'static,
) {
    let message = js_sys::Array::of3(&"read".into(), &name.into(), &payload);
    ask(message, Some(Box::new(progress)), move |reply| {
        done(reply.as_string().unwrap_or_else(|| refusal_reply(WORKER_FAILED)))
    });
}

/// Sends `message` to the worker (starting it if need be); `done` gets its answer, or
/// `undefined` if the worker stopped before it answered.
pub fn ask(
    message: js_sys::Array,
    progress: Option<Progress>,
    done: impl FnOnce(JsValue) + 'static,
) {
    let restarted = CLIENT.with_borrow_mut(|slot| {
        if slot.is_some() {
            return false;
        }
        *slot = start();
        slot.is_some() && STARTED.replace(true)
    });
    // The client's borrow ends first: the hook asks too (of the worker now running, so it
    // never comes back here).
    if restarted {
        ON_RESTART.with_borrow(|hook| hook.as_ref().map(|hook| hook()));
    }
    let done: Done = Box::new(done);
    let unsent = CLIENT.with_borrow_mut(|slot| {
        let Some(client) = slot.as_mut() else { return Some(done) };
        client.pending.push_back(Pending { done, progress });
        if client.ready {
            let _ = client.worker.post_message(&message);
        } else {
            client.waiting.push_back(message);
        }
        None
    });
    if let Some(done) = unsent {
        done(JsValue::UNDEFINED);
    }
}

fn start() -> Option<Client> {
    let meta = web_sys::window()?.document()?.query_selector(WORKER_META).ok()??;
    let worker = web_sys::Worker::new(&meta.get_attribute("content")?).ok()?;
    let on_message =
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(|event: web_sys::MessageEvent| {
            let data = event.data();
            if data.as_string().as_deref() == Some(READY) {
                CLIENT.with_borrow_mut(|slot| {
                    if let Some(client) = slot.as_mut() {
                        client.ready = true;
                        while let Some(message) = client.waiting.pop_front() {
                            let _ = client.worker.post_message(&message);
                        }
                    }
                });
                return;
            }
            if data.is_array() {
                let message = js_sys::Array::from(&data);
                if message.get(0).as_string().as_deref() == Some("progress") {
                    let share = message.get(1).as_f64().unwrap_or(0.0);
                    CLIENT.with_borrow(|slot| {
                        let front = slot.as_ref().and_then(|c| c.pending.front());
                        if let Some(progress) = front.and_then(|p| p.progress.as_ref()) {
                            progress(share);
                        }
                    });
                    return;
                }
            }
            // The borrow ends before the callback runs: it may ask for more.
            let pending =
                CLIENT.with_borrow_mut(|slot| slot.as_mut().and_then(|c| c.pending.pop_front()));
            if let Some(pending) = pending {
                (pending.done)(data);
            }
        });
    let on_error = Closure::<dyn Fn(web_sys::Event)>::new(|event: web_sys::Event| {
        event.prevent_default();
        // A worker that failed to load or stopped answers nothing more: every waiting request
        // is told so, and the next request starts a new worker.
        let client = CLIENT.with_borrow_mut(Option::take);
        let Some(client) = client else { return };
        client.worker.terminate();
        for pending in client.pending {
            (pending.done)(JsValue::UNDEFINED);
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    // Workers are few (one, and another only after one failed): their handlers are kept.
    on_message.forget();
    on_error.forget();
    Some(Client { worker, ready: false, waiting: VecDeque::new(), pending: VecDeque::new() })
}

const WORKER_FAILED: &str = "The part of the page that reads files stopped before it answered \
    (a file too large for the browser's memory can do this). Nothing was sent anywhere; try the \
    file again, or a smaller part of it.";
