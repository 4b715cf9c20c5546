//! The Leptos shell: components that read the state signal, show the model's numbers and host
//! the figures. Nothing here computes latency; it asks `model` through `state`.

mod announcer;
mod app;
mod backend;
mod canvas;
mod canvas_backend;
mod challenge;
mod controls;
mod deeper;
mod deployments;
mod dom;
mod export;
mod figure;
mod notices;
mod presets;
mod prose;
mod readouts;
mod share;
mod single;
mod tables;
mod theme;
mod view;

use leptos::prelude::*;

/// Mounts the explainer on the page's body.
pub fn mount() {
    // A panic is a bug. A plain `trunk build` aborts on one after this hook has said so in the
    // console, with the message and its source location (console_error_panic_hook also appended
    // a JS stack, for about 0.5 KB gzipped more). The xtask's release build traps at once
    // without running it (xtask/src/lean_std.rs), and boot.js tells the reader.
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&format!("crossover: internal error: {info}").into())
    }));
    mount_to_body(app::App);
}
