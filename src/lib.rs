//! Crossover: an interactive explainer of LLM response latency.
//!
//! Layers, bottom up: `shared_names` (the names the page, the build steps, the worker and the
//! scripts share), `keyed` (enums whose variants have names, each written once), `model` (latency arithmetic on plain numbers), `format` (numbers to text),
//! `state` (the page's inputs, their bounds and the URL codec), `measurements` (reading a
//! benchmark's result file and fitting the lesson's lines to it), `charts` (one drawing function
//! per figure over any plotters backend), `text` (every sentence built from numbers), `render`
//! (the canvas and SVG backends), `ui` (the Leptos page, which also renders natively to HTML)
//! and, natively only, `site` (the build steps that deliver the page).

// Rendering the page to HTML natively walks the whole view's nested type in one async block.
#![recursion_limit = "512"]

pub mod charts;
pub mod format;
mod keyed;
pub mod shared_names;

// The model and the state take numbers from URLs and people: neither may ever panic, so they
// cannot unwrap, index out of range or call `panic!` (tests inside them still may).
#[cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)
)]
pub mod model;
#[cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)
)]
pub mod state;

// Reading benchmark files people drop on the page: any bytes at all must give runs or a refusal,
// never a panic, so the same rules as the model's apply.
#[cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)
)]
pub mod measurements;

// Every sentence the page builds from numbers: held to the same rule.
#[cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)
)]
pub mod text;

pub mod render;
#[cfg(all(not(target_arch = "wasm32"), feature = "page"))]
pub mod site;
#[cfg(feature = "page")]
pub mod ui;
