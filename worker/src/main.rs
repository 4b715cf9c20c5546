//! The measurements section's Web Worker, started when a reader first loads a file: it reads and
//! fits the files the page sends, keeps the fitted runs, and draws their figures and writes their
//! downloads when asked (`answer.rs`, with the work itself in the library's `runs.rs`), so none
//! of that work is on the page's main thread and none of its code is in the page's wasm. The
//! worker never touches the network: it has only what it is sent.
//!
//! Every message between the page and the worker is a type of
//! `crossover::measurements::protocol`, which also encodes and decodes them.

#[cfg(target_arch = "wasm32")]
mod answer;

#[cfg(target_arch = "wasm32")]
fn main() {
    use crossover::measurements::protocol::Reply;
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;

    // Anywhere but in a worker (a page that ran the script by mistake) it does nothing.
    let Ok(scope) = js_sys::global().dyn_into::<web_sys::DedicatedWorkerGlobalScope>() else {
        return;
    };
    let answer = scope.clone();
    let on_message =
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            answer::answer(&answer, &event.data());
        });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // Messages sent before the handler was set are lost, so the page waits for this one.
    answer::post(&scope, &Reply::Ready);
}

/// How many bytes of wasm memory this instance holds: the most it has ever needed, since wasm
/// memory only grows. Called by the browser tests and the benchmark inside the worker, to weigh
/// the runs it keeps; the page never calls it.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
#[must_use]
pub fn wasm_memory_bytes() -> f64 {
    const PAGE_BYTES: usize = 65_536;
    // Exact in an f64: wasm32 memory stops at 4 GiB.
    (core::arch::wasm32::memory_size(0) * PAGE_BYTES) as f64
}

#[cfg(not(target_arch = "wasm32"))]
#[expect(clippy::print_stderr, reason = "the one line a native run has to say")]
fn main() {
    eprintln!("crossover-worker runs as the page's Web Worker; `cargo xtask build` builds it.");
}
