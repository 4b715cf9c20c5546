//! The Leptos shell: components that read the state signal, show the model's numbers and host
//! the figures. Nothing here computes latency or writes a sentence from numbers; it asks
//! `state`, `charts` and `text`, and draws through `render`.

mod app;
mod context;
#[cfg(not(target_arch = "wasm32"))]
mod deferred_wasm;
mod dom;
#[cfg(not(target_arch = "wasm32"))]
mod field_stand_ins;
#[cfg(not(target_arch = "wasm32"))]
mod markup;
#[cfg(not(target_arch = "wasm32"))]
mod prerender;
mod sections;
mod sight;
mod single_figure;
mod still;
mod widgets;

#[cfg(not(target_arch = "wasm32"))]
pub use deferred_wasm::defer_wasm_fetch;
#[cfg(not(target_arch = "wasm32"))]
pub use prerender::{fill_prerendered, lesson_html};

/// Mounts the explainer where the build wrote the lesson's markup, and takes its place.
#[cfg(target_arch = "wasm32")]
pub fn mount() {
    // A panic is a bug. A plain `trunk build` aborts on one after this hook has said so in the
    // console, with the message and its source location. The xtask's release build traps at
    // once without running it (xtask/src/lean_std.rs), and boot.js tells the reader.
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&format!("crossover: internal error: {info}").into())
    }));
    // The task that instantiated the wasm also finished compiling its last bytes; building the
    // page in that same task would make one long stretch of a phone's main thread out of two.
    // The full page builds its frame out of sight and then takes the prerendered lesson's place
    // (`widgets::later`).
    dom::next_task(|| {
        let Some(point) = dom::mount_point() else { return };
        leptos::mount::mount_to(point, app::App).forget();
    });
}
