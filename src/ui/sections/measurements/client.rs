//! The page's side of the Web Worker that reads and fits files and draws their figures. The
//! worker is started on the first file or paste, from the script the build names in the page's
//! `<meta>` (`shared_names::files::WORKER_META`). Files go to the worker as they are (a `File`
//! is passed by reference, not copied), so their bytes never enter the page's own wasm memory.
//!
//! Every [`Request`] gets one [`Reply`], in the order asked; a read's progress reports come
//! before its answer and go to that read alone.
//!
//! A worker that fails (a trap, memory running out) is dropped with the runs it held; the next
//! request starts a new one, and a hook the section sets ([`Worker::on_restart`]) first sends it
//! again what the old one had read, so the runs the page lists can still be drawn and exported.
//!
//! The client is a value the section holds ([`Worker`], handles sharing one connection), not a
//! global: a section's worker lives and goes with its section.

use crate::measurements::protocol::{FileContent, Reply, Request, RunsReply, WORKER_META_SELECTOR};
use crate::text::measurements::sentences::{ANSWER_UNREADABLE, WORKER_FAILED, WORKER_UNLOADED};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::{Rc, Weak};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// What a request's answer is handed to: the reply, or `None` when the worker stopped (or never
/// started) before it answered.
type Done = Box<dyn FnOnce(Option<Reply>)>;
pub type Progress = Box<dyn Fn(f64)>;

struct Pending {
    done: Done,
    progress: Option<Progress>,
}

/// A running worker and what it has been asked.
struct Running {
    worker: web_sys::Worker,
    ready: bool,
    /// Sent before the worker said it was ready: held until it does.
    waiting: VecDeque<js_sys::Array>,
    /// One per message sent, in order: the worker answers in the order it was asked.
    pending: VecDeque<Pending>,
}

#[derive(Default)]
struct Connection {
    running: Option<Running>,
    /// A worker was started before: the next one started replaces it.
    started: bool,
    /// The last worker to stop never said it was ready: its script or its wasm did not load.
    never_started: bool,
    on_restart: Option<Rc<dyn Fn()>>,
}

/// The section's connection to its worker. Clones are handles on the same connection.
#[derive(Clone, Default)]
pub struct Worker(Rc<RefCell<Connection>>);

impl Worker {
    /// `hook` runs when a worker is started in place of one that stopped, before anything else
    /// is sent to it: what it asks is answered first.
    pub fn on_restart(&self, hook: impl Fn() + 'static) {
        self.0.borrow_mut().on_restart = Some(Rc::new(hook));
    }

    /// Asks the worker to read `content` named `name`; `progress` hears the share done, `done`
    /// gets the runs or the refusal (the worker's, or the page's when the worker did not answer).
    pub fn read(
        &self,
        name: &str,
        content: FileContent,
        progress: impl Fn(f64) + 'static,
        done: impl FnOnce(RunsReply) + 'static,
    ) {
        let request = Request::Read { name: name.to_string(), content, first_id: None };
        let connection = Rc::downgrade(&self.0);
        self.ask(&request, Some(Box::new(progress)), move |reply| {
            let never_started = connection.upgrade().is_some_and(|c| c.borrow().never_started);
            done(match reply {
                Some(Reply::Runs(runs)) => runs,
                Some(_) => Err(ANSWER_UNREADABLE.to_string()),
                None if never_started => Err(WORKER_UNLOADED.to_string()),
                None => Err(WORKER_FAILED.to_string()),
            })
        });
    }

    /// Sends `request` to the worker (starting it if need be); `done` gets its answer, or `None`
    /// if the worker stopped before it answered.
    pub fn ask(
        &self,
        request: &Request,
        progress: Option<Progress>,
        done: impl FnOnce(Option<Reply>) + 'static,
    ) {
        self.send(request, progress, Box::new(done));
    }

    /// [`Worker::ask`], apart so that its code is not repeated for each kind of answer awaited.
    fn send(&self, request: &Request, progress: Option<Progress>, done: Done) {
        let restarted = {
            let mut connection = self.0.borrow_mut();
            if connection.running.is_some() {
                None
            } else {
                connection.running = start(Rc::downgrade(&self.0));
                let up = connection.running.is_some();
                connection.never_started = !up;
                let again = up && std::mem::replace(&mut connection.started, true);
                again.then(|| connection.on_restart.clone()).flatten()
            }
        };
        // The connection's borrow ends first: the hook asks too (of the worker now running, so
        // it never comes back here).
        if let Some(hook) = restarted {
            hook();
        }
        let message = request.to_message();
        let unsent = {
            let mut connection = self.0.borrow_mut();
            match connection.running.as_mut() {
                None => Some(done),
                Some(running) => {
                    running.pending.push_back(Pending { done, progress });
                    if running.ready {
                        let _ = running.worker.post_message(&message);
                    } else {
                        running.waiting.push_back(message);
                    }
                    None
                }
            }
        };
        if let Some(done) = unsent {
            done(None);
        }
    }
}

/// Starts a worker from the script the page's `<meta>` names, hearing it on `connection`.
fn start(connection: Weak<RefCell<Connection>>) -> Option<Running> {
    let meta = web_sys::window()?.document()?.query_selector(WORKER_META_SELECTOR).ok()??;
    let worker = web_sys::Worker::new(&meta.get_attribute("content")?).ok()?;
    let heard = connection.clone();
    let on_message =
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            let Some(connection) = heard.upgrade() else { return };
            match Reply::from_message(&event.data()) {
                Some(Reply::Ready) => {
                    if let Some(running) = connection.borrow_mut().running.as_mut() {
                        running.ready = true;
                        while let Some(message) = running.waiting.pop_front() {
                            let _ = running.worker.post_message(&message);
                        }
                    }
                }
                Some(Reply::Progress(share)) => {
                    let connection = connection.borrow();
                    let front = connection.running.as_ref().and_then(|r| r.pending.front());
                    if let Some(progress) = front.and_then(|p| p.progress.as_ref()) {
                        progress(share);
                    }
                }
                reply => {
                    // The borrow ends before the callback runs: it may ask for more.
                    let pending = connection
                        .borrow_mut()
                        .running
                        .as_mut()
                        .and_then(|r| r.pending.pop_front());
                    if let Some(pending) = pending {
                        (pending.done)(reply);
                    }
                }
            }
        });
    let on_error = Closure::<dyn Fn(web_sys::Event)>::new(move |event: web_sys::Event| {
        event.prevent_default();
        let Some(connection) = connection.upgrade() else { return };
        // A worker that failed to load or stopped answers nothing more: every waiting request
        // is told so, and the next request starts a new worker.
        let stopped = connection.borrow_mut().running.take();
        let Some(stopped) = stopped else { return };
        connection.borrow_mut().never_started = !stopped.ready;
        stopped.worker.terminate();
        for pending in stopped.pending {
            (pending.done)(None);
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    // Workers are few (one, and another only after one failed): their handlers are kept.
    on_message.forget();
    on_error.forget();
    Some(Running { worker, ready: false, waiting: VecDeque::new(), pending: VecDeque::new() })
}
