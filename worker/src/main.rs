//! The page's Web Worker. It waits for `[file name, text or File]` messages, reads and fits the text with
//! the library's `measurements`, and answers each with the runs as the page shows them, encoded
//! by `crossover::text::measurements::encode_reply` (one string, so the page needs no codec of
//! its own beyond the decoder). It never touches the network: it has only what it is sent.

#[cfg(target_arch = "wasm32")]
fn main() {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;

    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let answer = scope.clone();
    let on_message =
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
            let message = js_sys::Array::from(&event.data());
            let name = message.get(0).as_string().unwrap_or_default();
            // Pasted text comes as a string, a chosen file as the `File` itself, read here so its
            // bytes never pass through the page.
            let payload = message.get(1);
            let text = payload.as_string().or_else(|| {
                let blob = payload.dyn_into::<web_sys::Blob>().ok()?;
                web_sys::FileReaderSync::new().ok()?.read_as_text(&blob).ok()
            });
            let reply = match text {
                Some(text) => crossover::text::measurements::read_and_fit(&text, &name),
                None => crossover::text::measurements::unreadable(&name),
            };
            let _ = answer.post_message(&reply.into());
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
