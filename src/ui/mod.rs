//! The Leptos page: components that read the state signal, show the model's numbers and host
//! the figures. Nothing here computes latency or writes a sentence from numbers; it asks
//! `state`, `charts` and `text`, and draws through `render`. `arrival` brings the live page in
//! over the lesson written at build time; the rest is the page itself.

mod app;
mod arrival;
mod contents;
mod context;
mod dom;
mod erased;
mod parts;
mod sections;
mod single_figure;
mod widgets;
mod workbench;

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
    // (`arrival`).
    dom::next_task(|| {
        // Before anything is built: the takeover moves and removes what the prose is copied from.
        arrival::keep_prerendered_prose();
        let Some(point) = arrival::mount_point() else { return };
        let page = app::PageDoor::of_page();
        leptos::mount::mount_to(point, move || leptos::prelude::view! { <app::App page=page /> })
            .forget();
    });
}

/// The whole lesson at its defaults (an address with no query), every section built, as HTML:
/// rendered natively by the components the browser runs, for the build to write into the page
/// (`crate::site`). Effects and event handlers do not run here.
#[cfg(not(target_arch = "wasm32"))]
pub fn render_lesson() -> String {
    render(app::PageDoor::Lesson)
}

/// The review workbench at its defaults, as [`render_lesson`] renders the lesson: for its own
/// page, `workbench.html`.
#[cfg(not(target_arch = "wasm32"))]
pub fn render_workbench() -> String {
    render(app::PageDoor::Workbench)
}

#[cfg(not(target_arch = "wasm32"))]
fn render(page: app::PageDoor) -> String {
    use app::App;
    use hydration_context::SsrSharedContext;
    use leptos::prelude::*;
    let owner = Owner::new_root(Some(std::sync::Arc::new(SsrSharedContext::new())));
    let html = owner.with(|| view! { <App page=page /> }.to_html());
    owner.unset();
    html
}
