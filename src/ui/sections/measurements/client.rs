//! The page's side of the Web Worker that reads and fits files and draws their figures. The
//! worker is started on the first file or paste, from the script the build names in the page's
//! `<meta>` (`shared_names::files::WORKER_META`). Files go to the worker as they are (a `File`
//! is passed by reference, not copied), so their bytes never enter the page's own wasm memory.
//!
//! Every [`Request`] gets one [`Reply`], in the order asked; a read's progress reports come
//! before its answer and go to that read alone.
//!
//! A worker that fails (a trap, memory running out) is dropped with the runs it held; the next
//! request starts a new one, and a hook the section sets ([`on_restart`]) first sends it again
//! what the old one had read, so the runs the page lists can still be drawn and exported.

use crate::measurements::protocol::{FileContent, Reply, Request, RunsReply, WORKER_META_SELECTOR};
use crate::text::measurements::sentences::{ANSWER_UNREADABLE, WORKER_FAILED, WORKER_UNLOADED};
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// What a request's answer is handed to: the reply, or `None` when the worker stopped (or never
/// started) before it answered.
type Done = Box<dyn FnOnce(Option<Reply>)>;
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
    /// The last worker to stop never said it was ready: its script or its wasm did not load.
    static NEVER_STARTED: Cell<bool> = const { Cell::new(false) };
}

/// `hook` runs when a worker is started in place of one that stopped, before anything else is
/// sent to it: what it asks is answered first.
pub(super) fn on_restart(hook: impl Fn() + 'static) {
    ON_RESTART.set(Some(Box::new(hook)));
}

/// Asks the worker to read `content` named `name`; `progress` hears the share done, `done` gets
/// the runs or the refusal (the worker's, or the page's when the worker did not answer).
pub(super) fn read(
    name: &str,
    content: FileContent,
    progress: impl Fn(f64) + 'static,
    done: impl FnOnce(RunsReply) + 'static,
) {
    let request = Request::Read { name: name.to_string(), content, first_id: None };
    ask(&request, Some(Box::new(progress)), move |reply| {
        done(match reply {
            Some(Reply::Runs(runs)) => runs,
            Some(_) => Err(ANSWER_UNREADABLE.to_string()),
            None if NEVER_STARTED.get() => Err(WORKER_UNLOADED.to_string()),
            None => Err(WORKER_FAILED.to_string()),
        })
    });
}

/// Sends `request` to the worker (starting it if need be); `done` gets its answer, or `None` if
/// the worker stopped before it answered.
pub(super) fn ask(
    request: &Request,
    progress: Option<Progress>,
    done: impl FnOnce(Option<Reply>) + 'static,
) {
    send(request, progress, Box::new(done));
}

/// [`ask`], apart so that its code is not repeated for each kind of answer awaited.
fn send(request: &Request, progress: Option<Progress>, done: Done) {
    let restarted = CLIENT.with_borrow_mut(|slot| {
        if slot.is_some() {
            return false;
        }
        *slot = start();
        if slot.is_none() {
            NEVER_STARTED.set(true);
        }
        slot.is_some() && STARTED.replace(true)
    });
    // The client's borrow ends first: the hook asks too (of the worker now running, so it
    // never comes back here).
    if restarted {
        ON_RESTART.with_borrow(|hook| hook.as_ref().map(|hook| hook()));
    }
    let message = request.to_message();
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
        done(None);
    }
}

fn start() -> Option<Client> {
    let meta = web_sys::window()?.document()?.query_selector(WORKER_META_SELECTOR).ok()??;
    let worker = web_sys::Worker::new(&meta.get_attribute("content")?).ok()?;
    let on_message =
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(|event: web_sys::MessageEvent| {
            match Reply::from_message(&event.data()) {
                Some(Reply::Ready) => CLIENT.with_borrow_mut(|slot| {
                    if let Some(client) = slot.as_mut() {
                        client.ready = true;
                        while let Some(message) = client.waiting.pop_front() {
                            let _ = client.worker.post_message(&message);
                        }
                    }
                }),
                Some(Reply::Progress(share)) => CLIENT.with_borrow(|slot| {
                    let front = slot.as_ref().and_then(|c| c.pending.front());
                    if let Some(progress) = front.and_then(|p| p.progress.as_ref()) {
                        progress(share);
                    }
                }),
                reply => {
                    // The borrow ends before the callback runs: it may ask for more.
                    let pending = CLIENT
                        .with_borrow_mut(|slot| slot.as_mut().and_then(|c| c.pending.pop_front()));
                    if let Some(pending) = pending {
                        (pending.done)(reply);
                    }
                }
            }
        });
    let on_error = Closure::<dyn Fn(web_sys::Event)>::new(|event: web_sys::Event| {
        event.prevent_default();
        // A worker that failed to load or stopped answers nothing more: every waiting request
        // is told so, and the next request starts a new worker.
        let client = CLIENT.with_borrow_mut(Option::take);
        let Some(client) = client else { return };
        NEVER_STARTED.set(!client.ready);
        client.worker.terminate();
        for pending in client.pending {
            (pending.done)(None);
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    // Workers are few (one, and another only after one failed): their handlers are kept.
    on_message.forget();
    on_error.forget();
    Some(Client { worker, ready: false, waiting: VecDeque::new(), pending: VecDeque::new() })
}
