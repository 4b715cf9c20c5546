//! The measurements section's module, fetched when a reader first loads a file. It runs twice
//! from one script: on the page, as the section's controller (`page/`, started by the page
//! through its exported functions), and as the page's Web Worker, which reads and fits the files
//! the page sends, keeps the fitted runs, and draws their figures and writes their downloads when
//! asked, so none of that work is on the page's main thread and none of its code is in the
//! page's first load. The worker never touches the network: it has only what it is sent.
//!
//! Messages are arrays whose first item says what is asked; every request gets exactly one
//! answer, in the order asked, and a read may be preceded by progress reports:
//!
//! - `["read", file name, text or File, first run id?]`: `["progress", share done]`… then the
//!   runs as `crossover::text::measurements::encode_reply` writes them (one string). The page
//!   gives the first id only when it sends a file again to a new worker, so its runs keep the
//!   ids the page knows them by;
//! - `["draw", run id, width, height, pixel ratio, dark]` (CSS pixels): `["drawn", run id,
//!   bitmap…]`, one `ImageBitmap` per figure, moved rather than copied;
//! - `["export", run id, what, width, height, dark]`: `["file", name, Blob]`, or `["file"]`
//!   when there is nothing to give.

#[cfg(target_arch = "wasm32")]
mod draw;
#[cfg(target_arch = "wasm32")]
mod page;

#[cfg(target_arch = "wasm32")]
fn main() {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;

    let Ok(scope) = js_sys::global().dyn_into::<web_sys::DedicatedWorkerGlobalScope>() else {
        // On the page this script is the section's module.
        page::start();
        return;
    };
    let answer = scope.clone();
    let on_message =
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            draw::answer(&answer, &js_sys::Array::from(&event.data()));
        });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // Messages sent before the handler was set are lost, so the page waits for this one.
    let _ = scope.post_message(&crossover::text::measurements::READY.into());
}

#[cfg(not(target_arch = "wasm32"))]
#[allow(clippy::print_stderr, reason = "the one line a native run has to say")]
fn main() {
    eprintln!("crossover-worker runs as the page's Web Worker; `cargo xtask build` builds it.");
}
